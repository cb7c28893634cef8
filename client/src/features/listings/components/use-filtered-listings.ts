import { useEffect, useMemo, useState } from "react";
import { areaIsSet, areaTest } from "@shared/map-area";
import { MINE } from "@shared/constants";
import { useMyAgentId } from "@/features/agents/api/get-my-agent";
import { useZipCentre } from "@/features/maps/api/get-zip-centre";
import type { ListingSummary } from "../api/listing-types";
import { SearchIndex, type ListingFilters } from "../lib/listing-filters";
import { NarrowingSearch } from "../lib/narrowing-search";
import { whenIdle } from "@/lib/when-idle";

/**
 * The listings to show for a search and filters. Typing on narrows the previous matches instead
 * of scanning every listing again, so each keystroke costs less than the one before
 * (lib/narrowing-search.ts, tested in lib/listing-filters.test.ts). The map area (a drawn
 * rectangle, near a ZIP) narrows last, once its ZIP's centre is known.
 * "My listings" (agent=mine) reads as the signed-in
 * member's own agent profile; with none, it matches nothing.
 */
export function useFilteredListings(
  sorted: readonly ListingSummary[],
  search: string,
  filters: ListingFilters,
): readonly ListingSummary[] {
  const index = useMemo(() => new SearchIndex(sorted), [sorted]);
  // Build the search texts while the person looks at the page, not on their first keystroke.
  useEffect(() => whenIdle(() => void index.texts), [index]);
  const [narrowing] = useState(() => new NarrowingSearch());
  const myAgentId = useMyAgentId();
  const effective = useMemo(() => (filters.agent === MINE && myAgentId ? { ...filters, agent: myAgentId } : filters), [filters, myAgentId]);

  const matched = useMemo(() => narrowing.match(index, search, effective), [narrowing, index, search, effective]);
  const { area } = filters;
  const centre = useZipCentre(area.near);
  return useMemo(() => (areaIsSet(area) ? matched.filter(areaTest(area, centre)) : matched), [matched, area, centre]);
}

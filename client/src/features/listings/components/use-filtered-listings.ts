import { useEffect, useMemo, useState } from "react";
import type { ListingSummary } from "../api/listing-types";
import { SearchIndex, type ListingFilters } from "../lib/listing-filters";
import { NarrowingSearch } from "../lib/narrowing-search";
import { whenIdle } from "@/lib/when-idle";

/**
 * The listings to show for a search and filters. Typing on narrows the previous matches instead
 * of scanning every listing again, so each keystroke costs less than the one before
 * (lib/narrowing-search.ts, tested in lib/listing-filters.test.ts).
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

  return useMemo(() => narrowing.match(index, search, filters), [narrowing, index, search, filters]);
}

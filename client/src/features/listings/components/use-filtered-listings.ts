import { useEffect, useMemo, useRef } from "react";
import type { ListingSummary } from "@shared/schema";
import { activeFilterCount, matchPositions, normaliseSearch, SearchIndex, type ListingFilters } from "../lib/listing-filters";

interface LastMatch {
  index: SearchIndex;
  filters: ListingFilters;
  needle: string;
  positions: number[];
}

/**
 * The listings to show for a search and filters. Typing on narrows the previous matches instead
 * of scanning every listing again, so each keystroke costs less than the one before.
 */
export function useFilteredListings(
  sorted: readonly ListingSummary[],
  search: string,
  filters: ListingFilters,
): readonly ListingSummary[] {
  const index = useMemo(() => new SearchIndex(sorted), [sorted]);
  // Build the search texts while the person looks at the page, not on their first keystroke.
  useEffect(() => {
    const build = () => void index.texts;
    if (typeof requestIdleCallback === "function") {
      const handle = requestIdleCallback(build, { timeout: 2000 });
      return () => cancelIdleCallback(handle);
    }
    const handle = setTimeout(build, 200);
    return () => clearTimeout(handle);
  }, [index]);
  // A cache, not state: whatever render fills it, its positions are right for its own inputs.
  const last = useRef<LastMatch | null>(null);

  return useMemo(() => {
    const needle = normaliseSearch(search);
    if (!needle && activeFilterCount(filters) === 0) {
      last.current = null;
      return index.listings;
    }
    const prev = last.current;
    const narrowing = prev && prev.index === index && prev.filters === filters && needle.startsWith(prev.needle);
    const positions = matchPositions(index, needle, filters, narrowing ? prev.positions : undefined);
    last.current = { index, filters, needle, positions };
    return positions.length === index.listings.length ? index.listings : positions.map((i) => index.listings[i]);
  }, [index, search, filters]);
}

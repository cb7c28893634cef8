import { useEffect, useMemo, useState } from "react";
import type { ListingSummary } from "../api/listing-types";
import { SearchIndex, type ListingFilters } from "../lib/listing-filters";
import { NarrowingSearch } from "../lib/narrowing-search";

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
  const [narrowing] = useState(() => new NarrowingSearch());

  return useMemo(() => narrowing.match(index, search, filters), [narrowing, index, search, filters]);
}

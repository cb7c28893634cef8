import type { ListingSummary } from "../api/listing-types";
import { activeFilterCount, matchPositions, normaliseSearch, type ListingFilters, type SearchIndex } from "./listing-filters";

interface LastMatch {
  index: SearchIndex;
  filters: ListingFilters;
  needle: string;
  positions: number[];
}

/**
 * The listings matching a search and filters, remembering its last answer: typing on ("mor"
 * after "mo", with the same index and filters) narrows the previous matches instead of scanning
 * every listing again, so each keystroke costs less than the one before.
 */
export class NarrowingSearch {
  // A cache, not state: whichever call filled it, its positions are right for its own inputs.
  private last: LastMatch | null = null;

  match(index: SearchIndex, search: string, filters: ListingFilters): readonly ListingSummary[] {
    const needle = normaliseSearch(search);
    if (!needle && activeFilterCount(filters) === 0) {
      this.last = null;
      return index.listings;
    }
    const prev = this.last;
    const narrowing = prev && prev.index === index && prev.filters === filters && needle.startsWith(prev.needle);
    const positions = matchPositions(index, needle, filters, narrowing ? prev.positions : undefined);
    this.last = { index, filters, needle, positions };
    return positions.length === index.listings.length ? index.listings : positions.map((i) => index.listings[i]);
  }
}

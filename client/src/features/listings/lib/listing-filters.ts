import { UNASSIGNED } from "@shared/constants";
import { STATES, type MarketingCategory, type OfferingType } from "@shared/schema";
import type { ListingSummary } from "../api/listing-types";

export const ALL = "all";

export interface ListingFilters {
  category: typeof ALL | MarketingCategory;
  offeringType: typeof ALL | OfferingType;
  /** ALL, UNASSIGNED or an agent id. */
  agent: string;
  starredOnly: boolean;
  withNotes: boolean;
}

export const NO_FILTERS: ListingFilters = {
  category: ALL,
  offeringType: ALL,
  agent: ALL,
  starredOnly: false,
  withNotes: false,
};

/** How many filters differ from "show everything" (the phone's Filters button shows it). */
export function activeFilterCount(filters: ListingFilters): number {
  return (
    Number(filters.category !== ALL) +
    Number(filters.offeringType !== ALL) +
    Number(filters.agent !== ALL) +
    Number(filters.starredOnly) +
    Number(filters.withNotes)
  );
}

const STATE_NAMES = new Map<string, string>(STATES.map((s) => [s.code, s.name]));

// Keyed by the listing object itself: a toggle replaces one object and keeps the others, so
// only that one is indexed again, not all ten thousand.
const searchTexts = new WeakMap<ListingSummary, string>();

/** Lower-case name, address, city, state (code and name) and description, for the search box. */
function searchText(listing: ListingSummary): string {
  let text = searchTexts.get(listing);
  if (text === undefined) {
    text = [
      listing.listingName,
      listing.address,
      listing.city,
      listing.state,
      STATE_NAMES.get(listing.state) ?? "",
      listing.propertyDescription,
    ]
      .join("\n")
      .toLowerCase();
    searchTexts.set(listing, text);
  }
  return text;
}

/**
 * The server's order (spec §2): starred first, then newest, then id as the tie-break.
 * createdAt is an ISO-8601 UTC string (as it arrives in JSON), which compares correctly with <
 * and >, so no parsing is needed.
 */
export function compareListings(a: ListingSummary, b: ListingSummary): number {
  if (a.isStarred !== b.isStarred) return a.isStarred ? -1 : 1;
  if (a.createdAt < b.createdAt) return 1;
  if (a.createdAt > b.createdAt) return -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** Sorted copy; an optimistic star moves a listing without waiting for the server's order. */
export function sortListings(listings: readonly ListingSummary[]): ListingSummary[] {
  return [...listings].sort(compareListings);
}

/** The sorted listings with their search texts side by side, the texts built on the first search. */
export class SearchIndex {
  private cachedTexts: string[] | null = null;
  constructor(readonly listings: readonly ListingSummary[]) {}
  get texts(): readonly string[] {
    return (this.cachedTexts ??= this.listings.map(searchText));
  }
}

const matchesFilters = (l: ListingSummary, filters: ListingFilters) =>
  (filters.category === ALL || l.marketingCategory === filters.category) &&
  (filters.offeringType === ALL || l.offeringType === filters.offeringType) &&
  (filters.agent === ALL || (filters.agent === UNASSIGNED ? !l.agentId : l.agentId === filters.agent)) &&
  (!filters.starredOnly || l.isStarred) &&
  (!filters.withNotes || l.noteCount > 0);

/**
 * Positions (in index order) of the listings that match. `within`, when given, are the matches
 * of a search this one extends (typing "mor" after "mo"): only those can still match.
 */
export function matchPositions(index: SearchIndex, needle: string, filters: ListingFilters, within?: readonly number[]): number[] {
  const anyFilter = activeFilterCount(filters) > 0;
  const texts = needle ? index.texts : null;
  const result: number[] = [];
  const test = (i: number) => {
    if ((!texts || texts[i].includes(needle)) && (!anyFilter || matchesFilters(index.listings[i], filters))) result.push(i);
  };
  if (within) for (const i of within) test(i);
  else for (let i = 0; i < index.listings.length; i++) test(i);
  return result;
}

export const normaliseSearch = (search: string) => search.trim().toLowerCase();

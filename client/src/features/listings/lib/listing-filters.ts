import { DEAL_STAGES, type DealStage, type PropertyType } from "@shared/listing-fact-choices";
import { EXPIRING_WITHIN_DAYS } from "@shared/listing-facts-text";
import { addDays, todayCalendarDate } from "@shared/parse/calendar";
import { UNASSIGNED } from "@shared/constants";
import { SORT_DIRECTIONS, SORT_KEYS, type SortKey } from "@shared/listing-view-query";
import { STATES, type MarketingCategory, type OfferingType } from "@shared/enumerations";
import { areaIsSet, NO_AREA, type MapArea } from "@shared/map-area";
import { anySpaceSizeIn } from "@shared/spaces-filter";
import type { ListingSummary } from "../api/listing-types";

export const ALL = "all";

export interface ListingFilters {
  category: typeof ALL | MarketingCategory;
  offeringType: typeof ALL | OfferingType;
  /** ALL, UNASSIGNED or an agent id. */
  agent: string;
  starredOnly: boolean;
  withNotes: boolean;
  // The listing facts.
  propertyType: typeof ALL | PropertyType;
  dealStage: typeof ALL | DealStage;
  /** Asking price bounds in dollars, inclusive; null for open. */
  priceMin: number | null;
  priceMax: number | null;
  /** Size bounds in square feet (building size, else available size), inclusive; null for open. */
  sizeMin: number | null;
  sizeMax: number | null;
  /** Expiration from today to 30 days ahead. */
  expiringSoon: boolean;
  /** Where on the map (a drawn area, near a ZIP, placed or not), applied by useFilteredListings. */
  area: MapArea;
}

export const NO_FILTERS: ListingFilters = {
  category: ALL,
  offeringType: ALL,
  agent: ALL,
  starredOnly: false,
  withNotes: false,
  propertyType: ALL,
  dealStage: ALL,
  priceMin: null,
  priceMax: null,
  sizeMin: null,
  sizeMax: null,
  expiringSoon: false,
  area: NO_AREA,
};

/** How many filters differ from "show everything" (the phone's Filters button shows it); a range counts once. */
export function activeFilterCount(filters: ListingFilters): number {
  return (
    Number(filters.category !== ALL) +
    Number(filters.offeringType !== ALL) +
    Number(filters.agent !== ALL) +
    Number(filters.starredOnly) +
    Number(filters.withNotes) +
    Number(filters.propertyType !== ALL) +
    Number(filters.dealStage !== ALL) +
    Number(filters.priceMin !== null || filters.priceMax !== null) +
    Number(filters.sizeMin !== null || filters.sizeMax !== null) +
    Number(filters.expiringSoon) +
    Number(areaIsSet(filters.area))
  );
}

// ---------------------------------------------------------------- sort

export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export interface ListingSort {
  key: SortKey;
  direction: SortDirection;
}
/** The spec's order: starred first, then newest. */
export const DEFAULT_SORT: ListingSort = { key: "newest", direction: "desc" };

export const sortToken = (sort: ListingSort) => `${sort.key}-${sort.direction}`;
/** The sort a `key-direction` token names (the URL's `sort=`), else the default. */
export function parseSortToken(token: string | null): ListingSort {
  const at = token?.lastIndexOf("-") ?? -1;
  const key = token?.slice(0, at) as SortKey;
  const direction = token?.slice(at + 1) as SortDirection;
  return SORT_KEYS.includes(key) && SORT_DIRECTIONS.includes(direction) ? { key, direction } : DEFAULT_SORT;
}

/** The size a listing is sorted and filtered by: what its facts line shows. */
export const listingSize = (l: ListingSummary) => l.buildingSizeSf ?? l.availableSizeSf ?? null;

const nameCollator = new Intl.Collator("en-US", { sensitivity: "base", numeric: true });

type ValueKey = Exclude<SortKey, "newest" | "name">;
const stageOrder = new Map<string, number>(DEAL_STAGES.map((stage, i) => [stage, i]));

/** The price per square foot the table shows: asking price over the size it sorts by; null without both. */
export function pricePerSf(l: ListingSummary): number | null {
  const size = listingSize(l);
  return l.askingPrice != null && size ? l.askingPrice / size : null;
}

/**
 * The value a listing is sorted by under `key`; null when it has none (sorted last, either way).
 * Text compares in lower case; a deal stage by its place in the pipeline, not its name; a lease
 * rate as entered, whatever its unit.
 */
export function sortValue(l: ListingSummary, key: ValueKey): number | string | null {
  switch (key) {
    case "price":
      return l.askingPrice ?? null;
    case "pricePerSf":
      return pricePerSf(l);
    case "size":
      return listingSize(l);
    case "availableSf":
      return l.availableSizeSf ?? null;
    case "capRate":
      return l.capRate ?? null;
    case "leaseRate":
      // A listing with available spaces is sorted by its lowest asking rate.
      return l.spacesSummary?.minRate ?? l.leaseRate ?? null;
    case "stage":
      return l.dealStage ? (stageOrder.get(l.dealStage) ?? null) : null;
    case "expiration":
      return l.expirationDate ?? null;
    case "agent":
      return l.agentName ? l.agentName.toLowerCase() : null;
    case "category":
      return l.marketingCategory.toLowerCase();
    case "updated":
      return l.updatedAt;
  }
}

const STATE_NAMES = new Map<string, string>(STATES.map((s) => [s.code, s.name]));

// Keyed by the listing object itself: a toggle replaces one object and keeps the others, so
// only that one is indexed again, not all ten thousand.
const searchTexts = new WeakMap<ListingSummary, string>();

/** Lower-case name, address, city, state (code and name), description, agent, ZIP, type and subtype, for the search box. */
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
      listing.agentName ?? "",
      listing.zip ?? "",
      listing.propertyType ?? "",
      listing.propertySubtype ?? "",
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

/**
 * The comparison for a sort choice: starred first whatever the choice (spec §2), then the
 * choice, listings without the value last in either direction, then the server's order.
 */
export function listingComparator(sort: ListingSort): (a: ListingSummary, b: ListingSummary) => number {
  if (sort.key === "newest" && sort.direction === "desc") return compareListings;
  const sign = sort.direction === "asc" ? 1 : -1;
  return (a, b) => {
    if (a.isStarred !== b.isStarred) return a.isStarred ? -1 : 1;
    if (sort.key === "newest") return -compareListings(a, b);
    if (sort.key === "name") return sign * nameCollator.compare(a.listingName, b.listingName) || compareListings(a, b);
    return compareValues(sortValue(a, sort.key), sortValue(b, sort.key), sign) || compareListings(a, b);
  };
}

const PLAIN_NAME = /^[a-z0-9 ]*$/;
const DIGIT_RUN = /\d+/g;

/**
 * A key that orders as `nameCollator` does, for a name of ASCII letters, digits and spaces
 * (most names): lower case, and each number written as its digit count then its digits, so
 * "unit 9" comes before "unit 10". null for any other name, or a number of ten digits or more.
 */
export function plainNameKey(name: string): string | null {
  const lower = name.toLowerCase();
  if (!PLAIN_NAME.test(lower)) return null;
  let tooLong = false;
  const key = lower.replace(DIGIT_RUN, (run) => {
    const digits = run.replace(/^0+/, "");
    if (digits.length > 9) tooLong = true;
    return `${digits.length}${digits}`;
  });
  return tooLong ? null : key;
}

// Kept per listing object, as the search texts are: a later Name sort only compares.
const nameKeys = new WeakMap<ListingSummary, string | null>();
function nameKey(listing: ListingSummary): string | null {
  let key = nameKeys.get(listing);
  if (key === undefined) nameKeys.set(listing, (key = plainNameKey(listing.listingName)));
  return key;
}

// ---------------------------------------------------------------- the sort at 10,000 listings
// A header click re-sorts every loaded listing. The work a
// click repeats is kept to one pass and one sort of plain values: the server's order (the tie-break
// of every choice) is found once per loaded list, each listing's value is read once, starred and
// valueless listings are set apart rather than compared, and the sort of the rest, being stable,
// leaves equal values in the server's order without comparing them again.

// Keyed by the loaded list itself: the same list, sorted by another column, finds it again.
const serverOrders = new WeakMap<readonly ListingSummary[], readonly ListingSummary[]>();

/** The listings in the server's order (spec §2), as they usually arrive (then only checked, not sorted). */
export function inServerOrder(listings: readonly ListingSummary[]): readonly ListingSummary[] {
  let ordered = serverOrders.get(listings);
  if (ordered === undefined) {
    let sorted = true;
    for (let i = 1; i < listings.length && sorted; i++) sorted = compareListings(listings[i - 1], listings[i]) <= 0;
    ordered = sorted ? listings : [...listings].sort(compareListings);
    serverOrders.set(listings, ordered);
  }
  return ordered;
}

/**
 * Starred first, then the rest (spec §2); within each, by `compare` of the keys, listings whose
 * key is null after the others; equal keys and the null ones in the server's order.
 */
function orderedBy<K>(listings: readonly ListingSummary[], keyOf: (listing: ListingSummary) => K | null, compare: (a: K, b: K) => number): ListingSummary[] {
  const starred: { listing: ListingSummary; key: K }[] = [];
  const rest: { listing: ListingSummary; key: K }[] = [];
  const starredNone: ListingSummary[] = [];
  const restNone: ListingSummary[] = [];
  for (const listing of inServerOrder(listings)) {
    const key = keyOf(listing);
    if (key === null) (listing.isStarred ? starredNone : restNone).push(listing);
    else (listing.isStarred ? starred : rest).push({ listing, key });
  }
  // Array.prototype.sort is stable: equal keys keep the server's order, the choices' tie-break.
  const byKey = (x: { key: K }, y: { key: K }) => compare(x.key, y.key);
  starred.sort(byKey);
  rest.sort(byKey);
  const result = new Array<ListingSummary>(listings.length);
  let at = 0;
  for (const k of starred) result[at++] = k.listing;
  for (const l of starredNone) result[at++] = l;
  for (const k of rest) result[at++] = k.listing;
  for (const l of restNone) result[at++] = l;
  return result;
}

/** A name's plain key (`plainNameKey`), or null: then the collator compares the names themselves. */
type NameSortKey = { plain: string | null; name: string };
const compareNames = (x: NameSortKey, y: NameSortKey) =>
  x.plain !== null && y.plain !== null ? (x.plain < y.plain ? -1 : x.plain > y.plain ? 1 : 0) : nameCollator.compare(x.name, y.name);

/**
 * The name order (A–Z or Z–A) of `sortListings`. The collator costs about 40 ms for 10,000
 * names, most of a Name choice's time; plain names are compared by their keys
 * instead, which give the collator's answer, and any pair with another name goes to the collator.
 */
function sortByName(listings: readonly ListingSummary[], sign: number): ListingSummary[] {
  return orderedBy<NameSortKey>(listings, (l) => ({ plain: nameKey(l), name: l.listingName }), (a, b) => sign * compareNames(a, b));
}

/** Oldest first: the server's order (newest first) reversed within the starred and within the rest. */
function oldestFirst(listings: readonly ListingSummary[]): ListingSummary[] {
  const ordered = inServerOrder(listings);
  let starredCount = 0;
  while (starredCount < ordered.length && ordered[starredCount].isStarred) starredCount++;
  return [...ordered.slice(0, starredCount).reverse(), ...ordered.slice(starredCount).reverse()];
}

/** Sorted copy; an optimistic star moves a listing without waiting for the server's order. */
export function sortListings(listings: readonly ListingSummary[], sort: ListingSort = DEFAULT_SORT): ListingSummary[] {
  const sign = sort.direction === "asc" ? 1 : -1;
  if (sort.key === "name") return sortByName(listings, sign);
  if (sort.key === "newest") return sign === -1 ? [...inServerOrder(listings)] : oldestFirst(listings);
  // A column's values are all numbers or all strings (`sortValue`): < and > compare either.
  const key = sort.key;
  return orderedBy(listings, (l) => sortValue(l, key), (a, b) => (a < b ? -sign : a > b ? sign : 0));
}

/** `sign` × the order of two values, a missing one (null) after any other whichever the sign. */
export function compareValues(va: number | string | null, vb: number | string | null, sign: number): number {
  if (va === vb) return 0;
  if (va === null) return 1;
  if (vb === null) return -1;
  return va < vb ? -sign : sign;
}

/** The sorted listings with their search texts side by side, the texts built on the first search. */
export class SearchIndex {
  private cachedTexts: string[] | null = null;
  constructor(readonly listings: readonly ListingSummary[]) {}
  get texts(): readonly string[] {
    return (this.cachedTexts ??= this.listings.map(searchText));
  }
}

const inRange = (value: number | null | undefined, min: number | null, max: number | null) =>
  (min === null && max === null) || (value != null && (min === null || value >= min) && (max === null || value <= max));

/** The listing's size in range, or any one of its available spaces (a tenant asks for a suite, not the building). */
const matchesSize = (l: ListingSummary, min: number | null, max: number | null) =>
  inRange(listingSize(l), min, max) || (l.spacesSummary != null && anySpaceSizeIn(l.spacesSummary, min, max));

/** Today and 30 days on, as "YYYY-MM-DD", for the "Expiring within 30 days" filter. */
export function expiringWindow(today = todayCalendarDate()): { from: string; to: string } {
  return { from: today, to: addDays(today, EXPIRING_WITHIN_DAYS) };
}

const matchesFilters = (l: ListingSummary, filters: ListingFilters, window: { from: string; to: string }) =>
  (filters.category === ALL || l.marketingCategory === filters.category) &&
  (filters.offeringType === ALL || l.offeringType === filters.offeringType) &&
  (filters.agent === ALL || (filters.agent === UNASSIGNED ? !l.agentId : l.agentId === filters.agent)) &&
  (!filters.starredOnly || l.isStarred) &&
  (!filters.withNotes || l.noteCount > 0) &&
  (filters.propertyType === ALL || l.propertyType === filters.propertyType) &&
  (filters.dealStage === ALL || l.dealStage === filters.dealStage) &&
  inRange(l.askingPrice, filters.priceMin, filters.priceMax) &&
  matchesSize(l, filters.sizeMin, filters.sizeMax) &&
  (!filters.expiringSoon || (l.expirationDate != null && l.expirationDate >= window.from && l.expirationDate <= window.to));

/**
 * Positions (in index order) of the listings that match. `within`, when given, are the matches
 * of a search this one extends (typing "mor" after "mo"): only those can still match.
 */
export function matchPositions(index: SearchIndex, needle: string, filters: ListingFilters, within?: readonly number[]): number[] {
  const anyFilter = activeFilterCount(filters) > 0;
  const texts = needle ? index.texts : null;
  const window = expiringWindow();
  const result: number[] = [];
  const test = (i: number) => {
    if ((!texts || texts[i].includes(needle)) && (!anyFilter || matchesFilters(index.listings[i], filters, window))) result.push(i);
  };
  if (within) for (const i of within) test(i);
  else for (let i = 0; i < index.listings.length; i++) test(i);
  return result;
}

export const normaliseSearch = (search: string) => search.trim().toLowerCase();

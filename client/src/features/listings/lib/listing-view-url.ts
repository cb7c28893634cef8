// The listing pages' address: search, filters and sort as a query string and back, so that a link
// reproduces the view. Pure: the hook in
// components/use-listing-view-params.ts reads the address once and writes it back.
import { CHOICE_PARAMS as CHOICES, FLAG_PARAMS as FLAGS, LISTING_VIEW_PARAMS, NUMBER_PARAMS as NUMBERS, queryNumber as asNumber } from "@shared/listing-view-query";
import { readTableColumns, tableColumnsValue, type TableColumn } from "@shared/table-columns";
import { readMapArea, writeMapArea } from "@shared/map-area";
import { ALL, DEFAULT_SORT, NO_FILTERS, parseSortToken, sortToken, type ListingFilters, type ListingSort } from "./listing-filters";

/** What a link to a listing page reproduces: the search box, the filters, the sort and the table's columns. */
export interface ListingView {
  search: string;
  filters: ListingFilters;
  sort: ListingSort;
  /** The table's chosen columns (`cols=`); null for its default ones. */
  columns: TableColumn[] | null;
}

// Query-string names, short and readable (?q=diner&type=Retail&minPrice=500000&sort=price-asc),
// from the one table the server checks saved views with. `view` is the page's own (the mode).
const OWN_KEYS = Object.keys(LISTING_VIEW_PARAMS).filter((key) => key !== "view");

/** The view a query string describes; anything unknown or malformed reads as "not set". */
export function readListingView(query: string): ListingView {
  const params = new URLSearchParams(query);
  const filters: ListingFilters = { ...NO_FILTERS };
  const mutable = filters as unknown as Record<string, unknown>;
  for (const [param, key, values] of CHOICES) {
    const value = params.get(param);
    if (value && (values as readonly string[]).includes(value)) mutable[key] = value;
  }
  for (const [param, key] of FLAGS) mutable[key] = params.get(param) === "1";
  for (const [param, key] of NUMBERS) mutable[key] = asNumber(params.get(param));
  filters.agent = params.get("agent") || ALL;
  filters.area = readMapArea(params);
  return { search: params.get("q") ?? "", filters, sort: parseSortToken(params.get("sort")), columns: readTableColumns(params.get("cols")) };
}

/** `base` with the view written in (defaults left out) and its other parameters (listingId, noteId) kept. */
export function writeListingView(view: ListingView, base: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of OWN_KEYS) params.delete(key);
  if (view.search) params.set("q", view.search);
  const f = view.filters as unknown as Record<string, unknown>;
  for (const [param, key] of CHOICES) if (f[key] !== ALL) params.set(param, String(f[key]));
  if (view.filters.agent !== ALL) params.set("agent", view.filters.agent);
  for (const [param, key] of FLAGS) if (f[key]) params.set(param, "1");
  for (const [param, key] of NUMBERS) if (f[key] !== null) params.set(param, String(f[key]));
  writeMapArea(view.filters.area, params);
  if (sortToken(view.sort) !== sortToken(DEFAULT_SORT)) params.set("sort", sortToken(view.sort));
  if (view.columns !== null) params.set("cols", tableColumnsValue(view.columns));
  return params;
}

/** The filters and sort as the address writes them, without the search ("type=Retail&sort=price-asc"). */
export const listingViewKey = (filters: ListingFilters, sort: ListingSort) =>
  writeListingView({ search: "", filters, sort, columns: null }, new URLSearchParams()).toString();

/**
 * The address to replace the current one with so that it shows `view`, or null when it already
 * does, or when the person has left `basePath` (a page whose code is still loading keeps this
 * one mounted, hidden, behind its spinner: writing then would take them back here).
 */
export function nextListingAddress(view: ListingView, basePath: string, current: { pathname: string; search: string }): string | null {
  if (current.pathname !== basePath) return null;
  const params = new URLSearchParams(current.search);
  const next = writeListingView(view, params).toString();
  if (next === params.toString()) return null;
  return next ? `${basePath}?${next}` : basePath;
}

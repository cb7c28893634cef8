import { useEffect, useMemo, useState } from "react";
import { useLocation } from "wouter";
import { DEAL_STAGES, PROPERTY_TYPES } from "@shared/listing-fact-choices";
import { MARKETING_CATEGORIES, OFFERING_TYPES } from "@shared/schema";
import {
  ALL,
  DEFAULT_SORT,
  NO_FILTERS,
  parseSortToken,
  sortToken,
  type ListingFilters,
  type ListingSort,
} from "../lib/listing-filters";

/** What a link to a listing page reproduces: the search box, the filters and the sort. */
export interface ListingView {
  search: string;
  filters: ListingFilters;
  sort: ListingSort;
}

// Query-string names, short and readable: ?q=diner&type=Retail&minPrice=500000&sort=price-asc
const CHOICES = [
  ["category", "category", MARKETING_CATEGORIES],
  ["offering", "offeringType", OFFERING_TYPES],
  ["type", "propertyType", PROPERTY_TYPES],
  ["stage", "dealStage", DEAL_STAGES],
] as const;
const FLAGS = [
  ["starred", "starredOnly"],
  ["notes", "withNotes"],
  ["expiring", "expiringSoon"],
] as const;
const NUMBERS = [
  ["minPrice", "priceMin"],
  ["maxPrice", "priceMax"],
  ["minSize", "sizeMin"],
  ["maxSize", "sizeMax"],
] as const;
const OWN_KEYS = ["q", "agent", "sort", ...CHOICES.map((c) => c[0]), ...FLAGS.map((f) => f[0]), ...NUMBERS.map((n) => n[0])];

const asNumber = (text: string | null) => {
  if (text === null || text.trim() === "") return null;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

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
  return { search: params.get("q") ?? "", filters, sort: parseSortToken(params.get("sort")) };
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
  if (sortToken(view.sort) !== sortToken(DEFAULT_SORT)) params.set("sort", sortToken(view.sort));
  return params;
}

const ADDRESS_DELAY_MS = 200;

/** The filters and sort as the address writes them, without the search ("type=Retail&sort=price-asc"). */
export const listingViewKey = (filters: ListingFilters, sort: ListingSort) =>
  writeListingView({ search: "", filters, sort }, new URLSearchParams()).toString();

/**
 * The page's search, filters and sort, kept in its address (replacing, not adding, history
 * entries), so a link reproduces the view and a reload keeps it. Read once from the address when
 * the page opens; the page's state is the truth from then on.
 */
export function useListingViewParams(basePath: string) {
  const [, navigate] = useLocation();
  const [view, setView] = useState<ListingView>(() => readListingView(window.location.search));

  // Written a moment after the last change, not in the same frame: replacing the address makes
  // every reader of it render again, which would stand between a keystroke and its results.
  useEffect(() => {
    const timer = setTimeout(() => {
      // The page writes only its own address. Left for another page whose code is still
      // loading, it stays mounted (hidden) behind the loading spinner; writing then would take
      // the person back to this page.
      if (window.location.pathname !== basePath) return;
      const current = new URLSearchParams(window.location.search);
      const next = writeListingView(view, current).toString();
      if (next !== current.toString()) navigate(next ? `${basePath}?${next}` : basePath, { replace: true });
    }, ADDRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [view, basePath, navigate]);

  const setters = useMemo(
    () => ({
      setSearch: (search: string) => setView((v) => ({ ...v, search })),
      setFilters: (filters: ListingFilters) => setView((v) => ({ ...v, filters })),
      // Changes some filters, keeping the others as they are now; stable, so the toolbar's
      // controls need not render again when another filter changes (decision 145).
      updateFilters: (changes: Partial<ListingFilters>) => setView((v) => ({ ...v, filters: { ...v.filters, ...changes } })),
      setSort: (sort: ListingSort) => setView((v) => ({ ...v, sort })),
    }),
    [],
  );
  return { ...view, ...setters };
}

import { useEffect, useMemo, useState } from "react";
import { useLocation } from "wouter";
import type { TableColumn } from "@shared/table-columns";
import type { ListingFilters, ListingSort } from "../lib/listing-filters";
import { nextListingAddress, readListingView, type ListingView } from "../lib/listing-view-url";

const ADDRESS_DELAY_MS = 200;

/**
 * The page's search, filters, sort and table columns, kept in its address (replacing, not adding, history
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
      const next = nextListingAddress(view, basePath, window.location);
      if (next !== null) navigate(next, { replace: true });
    }, ADDRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [view, basePath, navigate]);

  const setters = useMemo(
    () => ({
      setSearch: (search: string) => setView((v) => ({ ...v, search })),
      setFilters: (filters: ListingFilters) => setView((v) => ({ ...v, filters })),
      // Changes some filters, keeping the others as they are now; stable, so the toolbar's
      // controls need not render again when another filter changes.
      updateFilters: (changes: Partial<ListingFilters>) => setView((v) => ({ ...v, filters: { ...v.filters, ...changes } })),
      setSort: (sort: ListingSort) => setView((v) => ({ ...v, sort })),
      setColumns: (columns: TableColumn[] | null) => setView((v) => ({ ...v, columns })),
      // A saved view or a default: its query replaces the whole view.
      openQuery: (query: string) => setView(readListingView(query)),
    }),
    [],
  );
  return { ...view, ...setters };
}

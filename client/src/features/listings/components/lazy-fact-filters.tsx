import { useEffect, useSyncExternalStore } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { chunkLoader } from "@/lib/chunk-loader";
import { whenIdle } from "@/lib/when-idle";
import type { ListingFilters, ListingSort } from "../lib/listing-filters";

const factFilters = chunkLoader(() => import("./listing-fact-filters"));

interface LazyFactFiltersProps {
  filters: ListingFilters;
  onFiltersUpdate(changes: Partial<ListingFilters>): void;
  sort: ListingSort;
  onSortChange(sort: ListingSort): void;
  /** The phone's filter panel is open: it shows them, so they load now. */
  shown: boolean;
}

// Grey boxes the size of the controls they stand for, so nothing moves when the controls come:
// the two selects, the price and size ranges (label, two inputs), the checkbox and the sort.
const box = (width: string) => <Skeleton className={`h-9 w-full pointer-coarse:h-11 ${width}`} />;
const range = (label: string) => (
  <div className="flex items-center gap-1.5">
    <span className="w-12 shrink-0 text-xs font-medium text-muted-foreground md:w-auto">{label}</span>
    {box("md:w-28")}
    <span className="text-muted-foreground">–</span>
    {box("md:w-28")}
  </div>
);
const PLACEHOLDER = (
  <>
    {box("md:w-44")}
    {box("md:w-44")}
    {range("Price")}
    {range("Size")}
    <div aria-hidden className="flex h-9 items-center gap-2 px-1 text-sm">
      <Skeleton className="size-4" />
      Expiring within 30 days
    </div>
    {box("md:w-60")}
  </>
);

/**
 * The listing facts' filters and the sort. The cards show before the toolbar's right half is
 * needed, so its code (the range inputs and their money and size readers) loads when the page is
 * idle after the first paint, or at once when the phone's filter panel opens; until then grey boxes
 * of the same size hold their places. A load that fails (offline before the chunk was fetched) is
 * tried again when the browser is back online.
 */
export function LazyFactFilters({ filters, onFiltersUpdate, sort, onSortChange, shown }: LazyFactFiltersProps) {
  const parts = useSyncExternalStore(factFilters.subscribe, factFilters.loaded, factFilters.loaded);
  useEffect(() => {
    if (parts) return;
    if (shown) factFilters.preload();
    window.addEventListener("online", factFilters.preload);
    const cancel = whenIdle(factFilters.preload);
    return () => {
      cancel();
      window.removeEventListener("online", factFilters.preload);
    };
  }, [parts, shown]);
  if (!parts) return PLACEHOLDER;
  return (
    <>
      <parts.FactFilters filters={filters} onFiltersUpdate={onFiltersUpdate} />
      <parts.SortSelect sort={sort} onChange={onSortChange} />
    </>
  );
}

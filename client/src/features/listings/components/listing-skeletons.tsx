import { Skeleton } from "@/components/ui/skeleton";
import type { ViewMode } from "./use-view-mode";

// Spec §9: six cards in the grid, eight rows in the list.
const GRID_SKELETONS = 6;
const LIST_SKELETONS = 8;

export function ListingSkeletons({ mode }: { mode: ViewMode }) {
  if (mode === "list") {
    return (
      <div className="grid gap-2" data-testid="listing-skeletons" role="status" aria-label="Loading listings">
        {Array.from({ length: LIST_SKELETONS }, (_, i) => (
          <div key={i} data-testid="listing-skeleton" className="flex items-center gap-3 rounded-lg border bg-card px-3 py-2.5">
            <Skeleton className="h-12 w-[4.5rem] shrink-0" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-2/5" />
              <Skeleton className="h-3 w-3/5" />
            </div>
            <Skeleton className="hidden h-5 w-16 rounded-full sm:block" />
            <Skeleton className="h-5 w-9 rounded-full" />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div
      className="grid gap-4 [grid-template-columns:repeat(auto-fill,minmax(min(100%,280px),1fr))]"
      data-testid="listing-skeletons"
      role="status"
      aria-label="Loading listings"
    >
      {Array.from({ length: GRID_SKELETONS }, (_, i) => (
        <div key={i} data-testid="listing-skeleton" className="overflow-hidden rounded-xl border bg-card">
          <Skeleton className="aspect-[16/10] rounded-none" />
          <div className="grid gap-3 p-4">
            <div className="flex justify-between gap-3">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-5 w-14 rounded-full" />
            </div>
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-4/5" />
            <Skeleton className="mt-2 h-8 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

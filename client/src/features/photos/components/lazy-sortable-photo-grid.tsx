import { lazy, Suspense } from "react";
import { Spinner } from "@/components/ui/spinner";
import type { SortablePhotoGridProps } from "./sortable-photo-grid";

const SortablePhotoGrid = lazy(() => import("./sortable-photo-grid").then((m) => ({ default: m.SortablePhotoGrid })));

/** Fetches the reordering code ahead of the first press (on hover or focus of Reorder). */
export const preloadSortablePhotoGrid = () => void import("./sortable-photo-grid").catch(() => undefined);

/** The reorder grid, whose code (dnd-kit) loads the first time someone reorders. */
export function LazySortablePhotoGrid(props: SortablePhotoGridProps) {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-6 text-muted-foreground">
          <Spinner className="size-5" label="Loading reordering" />
        </div>
      }
    >
      <SortablePhotoGrid {...props} />
    </Suspense>
  );
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DealStage } from "@shared/listing-fact-choices";
import { toastError } from "@/components/ui/use-toast";
import { editConflictOf, errorMessage, type WireConflict } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { listingChangeKeys } from "@/lib/query-keys";
import { patchSavedStage } from "./listing-cache";
import type { ListingWithMeta } from "./listing-types";
import { updateListing } from "./update-listing";

export interface MoveStageInput {
  id: string;
  dealStage: DealStage | null;
  /** The version the board showed, sent as If-Match: a stage someone else changed since is a 412. */
  version: number;
}

/**
 * The deal board's move, saved through the listing's PATCH with If-Match.
 * The board shows the move at once by itself (a whole list
 * patched in the cache would refilter 10,000 listings within the drop's frame); the saved stage
 * and version go into the cached lists. A 412 puts the stage saved meanwhile there instead and
 * hands the conflict to `onConflict`.
 */
export function useMoveListingStage(onConflict: (conflict: WireConflict<ListingWithMeta>, attempted: MoveStageInput) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, dealStage, version }: MoveStageInput) => updateListing({ id, values: { dealStage }, wasActive: true, version }),
    onSuccess: (saved) => patchSavedStage(queryClient, saved),
    onError: (error, attempted) => {
      const conflict = editConflictOf<ListingWithMeta>(error);
      if (conflict) {
        patchSavedStage(queryClient, conflict.current);
        onConflict(conflict, attempted);
        return;
      }
      toastError("Could not move the listing", errorMessage(error, "Failed to change the deal stage. Please try again."));
    },
    onSettled: () => invalidate(queryClient, ...listingChangeKeys),
  });
}

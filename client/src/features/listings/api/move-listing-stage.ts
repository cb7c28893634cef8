import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DealStage } from "@shared/listing-fact-choices";
import { toastError } from "@/components/ui/use-toast";
import { editConflictOf, errorMessage, type WireConflict } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { listingChangeKeys } from "@/lib/query-keys";
import { patchSavedStage, stageOptimistically } from "./listing-cache";
import type { ListingWithMeta } from "./listing-types";
import { updateListing } from "./update-listing";

export interface MoveStageInput {
  id: string;
  dealStage: DealStage | null;
  /** The version the board showed, sent as If-Match: a stage someone else changed since is a 412. */
  version: number;
}

/**
 * The deal board's move: the card shows in its new column at once, saved through the listing's
 * PATCH with If-Match (docs/decisions/293-deal-board.md). A refused move goes back; a 412 also
 * puts the stage saved meanwhile on the board and hands the conflict to `onConflict`.
 */
export function useMoveListingStage(onConflict: (conflict: WireConflict<ListingWithMeta>, attempted: MoveStageInput) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, dealStage, version }: MoveStageInput) => updateListing({ id, values: { dealStage }, wasActive: true, version }),
    onMutate: async ({ id, dealStage }) => ({ undo: await stageOptimistically(queryClient, id, dealStage) }),
    onSuccess: (saved) => patchSavedStage(queryClient, saved),
    onError: (error, attempted, context) => {
      context?.undo();
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

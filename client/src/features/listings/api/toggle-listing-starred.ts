import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { listingChangeKeys } from "@/lib/first-page-query-keys";
import { starOptimistically } from "./listing-cache";
import type { ListingSummary, ListingWithMeta } from "./listing-types";

export const toggleListingStarred = (id: string) =>
  apiJson<ListingWithMeta>("POST", `/api/listings/${encodeURIComponent(id)}/toggle-starred`);

export type ToggleStarredInput = Pick<ListingSummary, "id" | "isStarred">;

export function useToggleListingStarred() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listing: ToggleStarredInput) => toggleListingStarred(listing.id),
    onMutate: async (listing) => ({ undo: await starOptimistically(queryClient, listing.id, !listing.isStarred) }),
    onError: (error, _listing, context) => {
      context?.undo();
      toastError("Failed to toggle starred status", errorMessage(error));
    },
    onSuccess: (updated) => {
      toastSuccess(updated.isStarred ? "Listing starred" : "Listing unstarred");
    },
    onSettled: () => invalidate(queryClient, ...listingChangeKeys),
  });
}

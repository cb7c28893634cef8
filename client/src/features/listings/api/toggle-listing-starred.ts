import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ListingSummary, ListingWithMeta } from "@shared/schema";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { invalidateListings } from "./invalidate-listings";
import { holdListingCaches, patchListingInCaches, restoreListingCaches } from "./listing-cache";

export const toggleListingStarred = (id: string) =>
  apiJson<ListingWithMeta>("POST", `/api/listings/${encodeURIComponent(id)}/toggle-starred`);

export type ToggleStarredInput = Pick<ListingSummary, "id" | "isStarred">;

export function useToggleListingStarred() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listing: ToggleStarredInput) => toggleListingStarred(listing.id),
    onMutate: async (listing) => {
      const snapshot = await holdListingCaches(queryClient, listing.id);
      patchListingInCaches(queryClient, listing.id, { isStarred: !listing.isStarred });
      return { snapshot };
    },
    onError: (error, _listing, context) => {
      if (context) restoreListingCaches(queryClient, context.snapshot);
      toastError("Failed to toggle starred status", errorMessage(error));
    },
    onSuccess: (updated) => {
      toastSuccess(updated.isStarred ? "Listing starred" : "Listing unstarred");
    },
    onSettled: () => invalidateListings(queryClient),
  });
}

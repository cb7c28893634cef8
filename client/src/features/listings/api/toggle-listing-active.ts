import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ListingSummary, ListingWithMeta } from "@shared/schema";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { invalidateListings } from "./invalidate-listings";
import { holdListingCaches, moveListingInCaches, restoreListingCaches } from "./listing-cache";

export const toggleListingActive = (id: string) =>
  apiJson<ListingWithMeta>("POST", `/api/listings/${encodeURIComponent(id)}/toggle`);

/**
 * Spec §4 has two wordings for the same change: the list screens name the listing, the detail
 * and edit views name the folder (docs/decisions/060-listing-status-wording.md).
 */
export type StatusWording = "card" | "detail";

export function statusToastMessage(listing: Pick<ListingSummary, "listingName" | "isActive">, wording: StatusWording): string {
  if (wording === "card") return `${listing.listingName} moved to ${listing.isActive ? "Active" : "Not In Use"}`;
  return listing.isActive
    ? "Listing activated and moved to Active folder"
    : "Listing deactivated and moved to Not In Use folder";
}

export type ToggleActiveInput = Pick<ListingSummary, "id" | "isActive">;

export function useToggleListingActive(wording: StatusWording) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listing: ToggleActiveInput) => toggleListingActive(listing.id),
    onMutate: async (listing) => {
      const snapshot = await holdListingCaches(queryClient, listing.id);
      moveListingInCaches(queryClient, listing.id, !listing.isActive);
      return { snapshot };
    },
    onError: (error, _listing, context) => {
      if (context) restoreListingCaches(queryClient, context.snapshot);
      toastError("Failed to update listing status", errorMessage(error));
    },
    onSuccess: (updated) => {
      toastSuccess(statusToastMessage(updated, wording));
    },
    onSettled: () => invalidateListings(queryClient),
  });
}

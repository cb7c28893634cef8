import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess, type ToastAction } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { listingChangeKeys } from "@/lib/first-page-query-keys";
import { moveOptimistically } from "./listing-cache";
import type { ListingSummary, ListingWithMeta } from "./listing-types";

export const toggleListingActive = (id: string) =>
  apiJson<ListingWithMeta>("POST", `/api/listings/${encodeURIComponent(id)}/toggle`);

/**
 * Spec §4 has two wordings for the same change: the list screens name the listing, the detail
 * and edit views name the folder.
 */
export type StatusWording = "card" | "detail";

export function statusToastMessage(listing: Pick<ListingSummary, "listingName" | "isActive">, wording: StatusWording): string {
  if (wording === "card") return `${listing.listingName} moved to ${listing.isActive ? "Active" : "Not In Use"}`;
  return listing.isActive
    ? "Listing activated and moved to Active folder"
    : "Listing deactivated and moved to Not In Use folder";
}

/** Back to Active, whatever happened meanwhile: an undo that cannot flip the listing the wrong way. */
export const reactivateListing = (id: string) =>
  apiJson<ListingWithMeta>("PUT", `/api/listings/${encodeURIComponent(id)}`, { isActive: true });

async function undoDeactivation(queryClient: QueryClient, id: string, wording: StatusWording) {
  const rollback = await moveOptimistically(queryClient, id, true);
  try {
    toastSuccess(statusToastMessage(await reactivateListing(id), wording));
  } catch (error) {
    rollback();
    toastError("Failed to update listing status", errorMessage(error));
  } finally {
    await invalidate(queryClient, ...listingChangeKeys);
  }
}

/**
 * The Undo on a deactivation's toast (either wording of spec §4): the same listing goes back to
 * Active.
 */
export const deactivationUndo = (queryClient: QueryClient, id: string, wording: StatusWording): ToastAction => ({
  label: "Undo",
  altText: "Move the listing back to Active from the Not In Use list",
  onClick: () => void undoDeactivation(queryClient, id, wording),
});

export type ToggleActiveInput = Pick<ListingSummary, "id" | "isActive">;

export function useToggleListingActive(wording: StatusWording) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listing: ToggleActiveInput) => toggleListingActive(listing.id),
    onMutate: async (listing) => ({ undo: await moveOptimistically(queryClient, listing.id, !listing.isActive) }),
    onError: (error, _listing, context) => {
      context?.undo();
      toastError("Failed to update listing status", errorMessage(error));
    },
    onSuccess: (updated) => {
      toastSuccess(statusToastMessage(updated, wording), undefined, updated.isActive ? undefined : deactivationUndo(queryClient, updated.id, wording));
    },
    onSettled: () => invalidate(queryClient, ...listingChangeKeys),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { versionTag } from "@shared/edit-conflicts";
import type { InsertListing } from "@shared/schema";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiJson, editConflictOf, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { listingChangeKeys, listingKeys } from "@/lib/query-keys";
import type { ListingWithMeta } from "./listing-types";
import { deactivationUndo, statusToastMessage } from "./toggle-listing-active";

export interface UpdateListingInput {
  id: string;
  values: Partial<InsertListing>;
  /** isActive before the edit, so the toast can say the listing moved folders. */
  wasActive: boolean;
  /**
   * The version the edit starts from: sent as If-Match, so a listing someone else saved since is
   * refused with 412 instead of overwritten (docs/decisions/140-version-tags.md).
   */
  version?: number;
}

export const updateListing = ({ id, values, version }: UpdateListingInput) =>
  apiJson<ListingWithMeta>(
    "PUT",
    `/api/listings/${encodeURIComponent(id)}`,
    values,
    version === undefined ? undefined : { "If-Match": versionTag("listing", id, version) },
  );

/** The success wording: moving between folders is worth saying out loud (spec §4). */
export function listingUpdatedMessage(wasActive: boolean, updated: Pick<ListingWithMeta, "listingName" | "isActive">): string {
  if (updated.isActive === wasActive) return "Listing updated successfully";
  return statusToastMessage(updated, "detail");
}

export function useUpdateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateListing,
    onSuccess: (listing, { wasActive }) => {
      // Switched off in the form: the same Undo as the switch on the card.
      const deactivated = wasActive && !listing.isActive;
      toastSuccess(listingUpdatedMessage(wasActive, listing), undefined, deactivated ? deactivationUndo(queryClient, listing.id, "detail") : undefined);
      queryClient.setQueryData(listingKeys.detail(listing.id), listing);
      return invalidate(queryClient, ...listingChangeKeys);
    },
    onError: (error) => {
      // A conflict is shown in the form itself, with what changed and the choice to make.
      if (editConflictOf(error)) return;
      toastError("Update failed", errorMessage(error, "Failed to update listing. Please try again."));
    },
  });
}

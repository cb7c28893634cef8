import { useMutation, useQueryClient } from "@tanstack/react-query";
import { versionTag, type MergeReport } from "@shared/edit-conflicts";
import type { InsertListing } from "@shared/schema";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiJson, editConflictOf, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { listingChangeKeys, listingKeys } from "@/lib/query-keys";
import { inWords, listingFieldLabel } from "../lib/field-label";
import type { ListingWithMeta } from "./listing-types";
import { deactivationUndo, statusToastMessage } from "./toggle-listing-active";

export interface UpdateListingInput {
  id: string;
  /** Only the fields the person changed: the server keeps what others saved in the rest. */
  values: Partial<InsertListing>;
  /** isActive before the edit, so the toast can say the listing moved folders. */
  wasActive: boolean;
  /**
   * The version the edit starts from, sent as If-Match: saves made since are merged when they
   * changed other fields, and a field both changed is refused with 412.
   */
  version?: number;
}

export type UpdatedListing = ListingWithMeta & MergeReport;

export const updateListing = ({ id, values, version }: UpdateListingInput) =>
  apiJson<UpdatedListing>(
    "PATCH",
    `/api/listings/${encodeURIComponent(id)}`,
    values,
    version === undefined ? undefined : { "If-Match": versionTag("listing", id, version) },
  );

/** The success wording: moving between folders is worth saying out loud (spec §4). */
export function listingUpdatedMessage(wasActive: boolean, updated: Pick<ListingWithMeta, "listingName" | "isActive">): string {
  if (updated.isActive === wasActive) return "Listing updated successfully";
  return statusToastMessage(updated, "detail");
}

/** What a save was merged with, in words: "alex had changed Lease Rate meanwhile; both changes are kept." */
export function mergedMessage({ mergedFields, mergedBy }: MergeReport): string | null {
  if (mergedFields.length === 0) return null;
  const who = mergedBy.length > 0 ? inWords(mergedBy) : "Someone";
  return `${who} had changed ${inWords(mergedFields.map(listingFieldLabel))} meanwhile; both changes are kept.`;
}

export function useUpdateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateListing,
    onSuccess: ({ mergedFields, mergedBy, ...listing }, { wasActive }) => {
      // Switched off in the form: the same Undo as the switch on the card.
      const deactivated = wasActive && !listing.isActive;
      const merged = mergedMessage({ mergedFields, mergedBy });
      const message = listingUpdatedMessage(wasActive, listing);
      toastSuccess(merged ? `${message}. ${merged}` : message, undefined, deactivated ? deactivationUndo(queryClient, listing.id, "detail") : undefined);
      queryClient.setQueryData(listingKeys.detail(listing.id), listing);
      return invalidate(queryClient, ...listingChangeKeys);
    },
    onError: (error) => {
      // A conflict is shown in the form itself, with the fields both changed and the choice to make.
      if (editConflictOf(error)) return;
      toastError("Update failed", errorMessage(error, "Failed to update listing. Please try again."));
    },
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BulkEditField, InsertListing } from "@shared/schema";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { listingChangeKeys } from "@/lib/query-keys";
import { bulkEditUndo } from "./undo-bulk-edit";

/** Only the filled fields (spec §7): a field left out is left unchanged on every listing. */
export type BulkUpdates = Partial<{ [K in BulkEditField]: NonNullable<InsertListing[K]> }>;

export interface BulkUpdateInput {
  ids: readonly string[];
  updates: BulkUpdates;
}

export const bulkUpdateListings = ({ ids, updates }: BulkUpdateInput) =>
  apiJson<{ updated: number; bulkActionId: number }>("PUT", "/api/listings/bulk", { ids, updates });

export function useBulkUpdateListings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateListings,
    onSuccess: ({ updated, bulkActionId }) => {
      toastSuccess(`Updated ${updated.toLocaleString()} ${updated === 1 ? "listing" : "listings"}`, undefined, bulkEditUndo(queryClient, bulkActionId));
      return invalidate(queryClient, ...listingChangeKeys);
    },
    onError: (error) => {
      toastError("Failed to update listings. Please try again.", errorMessage(error));
    },
  });
}

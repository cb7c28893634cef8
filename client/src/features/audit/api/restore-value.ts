import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { listingChangeKeys } from "@/lib/query-keys";

export interface RestoreValueInput {
  listingId: string;
  entryId: number;
  field: string;
  label: string;
}

export const restoreValue = ({ listingId, entryId, field }: RestoreValueInput) =>
  apiJson<{ id: string }>("POST", `/api/listings/${encodeURIComponent(listingId)}/activity/${entryId}/restore`, { field });

/** "Restore this value": a new edit, so the listing, the lists and the timeline all refresh. */
export function useRestoreValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreValue,
    onSuccess: (_listing, { label }) => {
      toastSuccess(`${label} restored`);
      return invalidate(queryClient, ...listingChangeKeys);
    },
    onError: (error) => toastError("Could not restore the value", errorMessage(error)),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { versionTag } from "@shared/edit-conflicts";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiJson, editConflictOf, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { listingChangeKeys } from "@/lib/query-keys";

export interface RestoreValueInput {
  listingId: string;
  /** The listing's version as the person sees it, sent as If-Match (undefined: no condition). */
  version?: number;
  entryId: number;
  field: string;
  label: string;
}

export const restoreValue = ({ listingId, version, entryId, field }: RestoreValueInput) =>
  apiJson<{ id: string }>(
    "POST",
    `/api/listings/${encodeURIComponent(listingId)}/activity/${entryId}/restore`,
    { field },
    version === undefined ? undefined : { "If-Match": versionTag("listing", listingId, version) },
  );

/** "Restore this value": a new edit, so the listing, the lists and the timeline all refresh. */
export function useRestoreValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreValue,
    onSuccess: (_listing, { label }) => {
      toastSuccess(`${label} restored`);
      return invalidate(queryClient, ...listingChangeKeys);
    },
    onError: (error) => {
      const conflict = editConflictOf(error);
      // Someone saved the listing since it was shown: show what it holds now, and let the person
      // decide again with that in view.
      toastError("Could not restore the value", conflict ? `${conflict.message} It now shows their changes.` : errorMessage(error));
      if (conflict) return invalidate(queryClient, ...listingChangeKeys);
    },
  });
}

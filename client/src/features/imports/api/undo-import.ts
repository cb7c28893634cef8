import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImportUndoReply } from "@shared/imports/wire";
import type { Wire } from "@shared/wire";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { importKeys, listingChangeKeys } from "@/lib/query-keys";
import { CONTACTS_KEY } from "./contacts-key";

export type ImportUndoResult = Wire<ImportUndoReply>;

/** Deletes what the import created and restores what it updated, except listings changed since. */
export const undoImport = (id: string) => apiJson<ImportUndoResult>("POST", `/api/imports/${encodeURIComponent(id)}/undo`);

export const UNDO_FAILED = "Could not undo the import";

export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoImport,
    onSuccess: (result) => {
      const skipped = result.skipped.length > 0 ? ` ${result.skipped.length.toLocaleString("en-US")} changed since were left alone.` : "";
      toastSuccess(
        `Import undone: ${result.deleted.toLocaleString("en-US")} deleted, ${result.restored.toLocaleString("en-US")} restored.${skipped}`,
      );
      return invalidate(queryClient, ...listingChangeKeys, importKeys.all, CONTACTS_KEY);
    },
    onError: (error) => toastError(UNDO_FAILED, errorMessage(error)),
  });
}

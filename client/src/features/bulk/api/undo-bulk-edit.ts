import type { QueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess, type ToastAction } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { listingChangeKeys } from "@/lib/query-keys";

export interface UndoBulkEditResult {
  restored: number;
  /** Listings changed (or deleted) since the bulk edit: the server leaves them as they are. */
  skipped: number;
}

/** Each listing gets back its own values from before the bulk edit (docs/decisions/193-undo-a-bulk-edit.md). */
export const undoBulkEdit = (bulkActionId: number) =>
  apiJson<UndoBulkEditResult>("POST", `/api/listings/bulk/${bulkActionId}/undo`);

const listings = (n: number) => `${n.toLocaleString()} ${n === 1 ? "listing" : "listings"}`;

/** What the undo's toast says: how many went back, and how many were left because they changed since. */
export function undoneMessage({ restored, skipped }: UndoBulkEditResult): string {
  const back = `Bulk edit undone: ${listings(restored)} restored`;
  if (skipped === 0) return back;
  return `${back}; ${listings(skipped)} changed since ${skipped === 1 ? "was" : "were"} left as ${skipped === 1 ? "it was" : "they were"}`;
}

async function undo(queryClient: QueryClient, bulkActionId: number) {
  try {
    toastSuccess(undoneMessage(await undoBulkEdit(bulkActionId)));
  } catch (error) {
    toastError("Failed to undo the bulk edit", errorMessage(error));
  } finally {
    await invalidate(queryClient, ...listingChangeKeys);
  }
}

/** The Undo on the Bulk Edit success toast. */
export const bulkEditUndo = (queryClient: QueryClient, bulkActionId: number): ToastAction => ({
  label: "Undo",
  altText: "Undo the bulk edit",
  onClick: () => void undo(queryClient, bulkActionId),
});

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImportResult } from "@shared/csv-columns";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { listingChangeKeys } from "@/lib/query-keys";

export interface ImportListingsInput {
  csvData: string;
  /** Assigned to every imported listing; null leaves the file's Agent column (if any) in charge. */
  agentId: string | null;
}

export const importListings = (input: ImportListingsInput) => apiJson<ImportResult>("POST", "/api/listings/import", input);

export const IMPORT_FAILED = "Failed to import CSV. Please check your file format.";

export function countImportActions(result: ImportResult) {
  const count = (action: string) => result.successful.filter((s) => s.action === action).length;
  return { created: count("created"), updated: count("updated"), unchanged: count("unchanged"), failed: result.failed.length };
}

const plural = (n: number, word: string) => `${n.toLocaleString()} ${word}${n === 1 ? "" : "s"}`;

export function useImportListings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importListings,
    onSuccess: (result) => {
      const { created, updated, unchanged, failed } = countImportActions(result);
      if (result.successful.length === 0) {
        // Every row was refused: the dialog lists why, the toast only points there.
        toastError(IMPORT_FAILED, `None of the ${plural(failed, "row")} could be imported. The errors are listed in the dialog.`);
        return;
      }
      const parts = [
        created > 0 && `${created.toLocaleString()} created`,
        updated > 0 && `${updated.toLocaleString()} updated`,
        unchanged > 0 && `${unchanged.toLocaleString()} unchanged`,
      ];
      const skipped = failed > 0 ? ` ${plural(failed, "row")} could not be imported.` : "";
      toastSuccess(`Imported ${plural(result.successful.length, "listing")} (${parts.filter(Boolean).join(", ")}).${skipped}`);
      return invalidate(queryClient, ...listingChangeKeys);
    },
    onError: (error) => {
      toastError(IMPORT_FAILED, errorMessage(error));
    },
  });
}

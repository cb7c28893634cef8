import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImportCommitReply } from "@shared/imports/wire";
import type { Wire } from "@shared/wire";
import { toastSuccess } from "@/components/ui/use-toast";
import { apiJson } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { importKeys, listingChangeKeys } from "@/lib/query-keys";
import { CONTACTS_KEY } from "./contacts-key";

export type ImportCommitResult = Wire<ImportCommitReply>;

/** Writes every valid row of a staged preview in one transaction. */
export const commitImport = (id: string) => apiJson<ImportCommitResult>("POST", `/api/imports/${encodeURIComponent(id)}/commit`);

/** Counts of a commit's answer, as the result screen shows them. */
export function commitCounts(result: ImportCommitResult) {
  const created = result.successful.filter((s) => s.action === "create").length;
  return { created, updated: result.successful.length - created, failed: result.failed.length };
}

/**
 * 409 (already committed, or another import is running) and 410 (the preview expired) are shown
 * by the Import step itself, which offers the way on; so no toast on error here.
 */
export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitImport,
    onSuccess: (result) => {
      const { created, updated } = commitCounts(result);
      toastSuccess(`Import finished: ${created.toLocaleString("en-US")} created, ${updated.toLocaleString("en-US")} updated.`);
      return invalidate(queryClient, ...listingChangeKeys, importKeys.all, CONTACTS_KEY);
    },
  });
}

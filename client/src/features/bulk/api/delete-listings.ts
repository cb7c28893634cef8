import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { BULK_ACTION_HEADER } from "@shared/audit";
import { toast, toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiRequest } from "@/lib/api-client";
import { invalidate, removeFromCache } from "@/lib/query-cache";
import { auditKeys, listingChangeKeys, listingKeys, listingListKeys } from "@/lib/query-keys";
import { newBulkActionId } from "../lib/bulk-action-id";
import { settleLimited, type SettledRun } from "../lib/settle-limited";

/** Spec §7 deletes one listing per call; a few at a time keep a large selection quick without
 * flooding the server. */
export const DELETE_CONCURRENCY = 4;

export interface DeleteProgress {
  done: number;
  total: number;
}

/**
 * Bulk actions are this feature's calls on the listings resource, like import and bulk edit.
 * Every call of one run carries the run's id, so the audit log keeps one entry for the bulk
 * delete, with its count and ids.
 */
const deleteListing = async (id: string, bulkId: string) => {
  await apiRequest("DELETE", `/api/listings/${encodeURIComponent(id)}`, undefined, { [BULK_ACTION_HEADER]: bulkId });
};

const listings = (n: number) => `${n.toLocaleString()} ${n === 1 ? "listing" : "listings"}`;

/**
 * Deletes the given listings with DELETE /api/listings/:id each, reporting progress. The run
 * settles every id instead of rejecting, so the caller learns which ones are left; stop() lets
 * the running calls finish and starts no more.
 *
 * `onFinished` is a hook option, not a mutate() callback: removing the deleted listings empties
 * the selection, which unmounts the selection bar holding the dialog, and React Query drops a
 * mutate() callback whose component has gone.
 */
export function useDeleteListings({ onFinished }: { onFinished(run: SettledRun<string>): void }) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<DeleteProgress | null>(null);
  const stopRequested = useRef(false);

  const mutation = useMutation({
    mutationFn: (ids: readonly string[]): Promise<SettledRun<string>> => {
      stopRequested.current = false;
      setProgress({ done: 0, total: ids.length });
      const bulkId = newBulkActionId();
      return settleLimited(ids, (id) => deleteListing(id, bulkId), {
        concurrency: DELETE_CONCURRENCY,
        onSettled: (done) => setProgress({ done, total: ids.length }),
        shouldStop: () => stopRequested.current,
      });
    },
    onSuccess: (run, ids) => {
      const { succeeded, failed, skipped } = run;
      onFinished(run);
      for (const id of succeeded) removeFromCache(queryClient, { lists: listingListKeys, item: listingKeys.detail(id) }, id);
      if (failed.length > 0) {
        toastError(
          "Failed to delete listings. Please try again.",
          `${listings(failed.length)} of ${ids.length.toLocaleString()} could not be deleted and ${failed.length === 1 ? "stays" : "stay"} selected.`,
        );
      } else if (skipped.length > 0) {
        toast({ title: "Deletion stopped", description: `Deleted ${listings(succeeded.length)}; the other ${skipped.length.toLocaleString()} stay selected.` });
      } else {
        toastSuccess(`Deleted ${listings(succeeded.length)}`);
      }
      return invalidate(queryClient, ...listingChangeKeys, auditKeys.all);
    },
  });

  const stop = () => {
    stopRequested.current = true;
  };
  return { ...mutation, progress, stop };
}

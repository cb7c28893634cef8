import { useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { useDeleteListings } from "../api/delete-listings";
import type { SettledRun } from "../lib/settle-limited";

export interface BulkDeleteDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  ids: readonly string[];
  /** After the run, with what was deleted and what is left. */
  onFinished(run: SettledRun<string>): void;
}

const listings = (n: number) => `${n.toLocaleString()} ${n === 1 ? "listing" : "listings"}`;

export function BulkDeleteDialog({ open, onOpenChange, ids, onFinished }: BulkDeleteDialogProps) {
  const remove = useDeleteListings({
    onFinished: (run) => {
      onOpenChange(false);
      onFinished(run);
    },
  });
  // The ids of the last run, fixed at confirmation and kept until the next opening: the selection
  // shrinks as the run ends, and the closing dialog should not change its words meanwhile.
  const [running, setRunning] = useState<readonly string[] | null>(null);
  const [stopping, setStopping] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setRunning(null);
  }
  const busy = remove.isPending;
  const count = (running ?? ids).length;
  const progress = running ? remove.progress : null;

  const confirm = () => {
    const snapshot = [...ids];
    setRunning(snapshot);
    setStopping(false);
    remove.mutate(snapshot);
  };

  return (
    // A run cannot be dismissed, only stopped: closing would hide which listings are gone.
    <AlertDialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <AlertDialogContent data-testid="bulk-delete-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {listings(count)}?</AlertDialogTitle>
          <AlertDialogDescription>
            {count === 1 ? "The selected listing" : "The selected listings"} will be deleted along with{" "}
            {count === 1 ? "its" : "their"} notes and posts. This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {progress ? (
          <div className="grid gap-2" data-testid="bulk-delete-progress">
            <p className="text-sm tabular-nums" role="status">
              {stopping
                ? `Stopping... ${progress.done.toLocaleString()} of ${progress.total.toLocaleString()} done`
                : `Deleting ${progress.done.toLocaleString()} of ${progress.total.toLocaleString()}...`}
            </p>
            <Progress value={progress.done} max={progress.total} aria-label="Deleting listings" />
          </div>
        ) : null}
        <AlertDialogFooter>
          {busy ? (
            <Button
              variant="outline"
              disabled={stopping}
              onClick={() => {
                setStopping(true);
                remove.stop();
              }}
            >
              Stop
            </Button>
          ) : (
            <AlertDialogCancel>Cancel</AlertDialogCancel>
          )}
          {/* Not an AlertDialogAction: that closes at once, and the run reports its progress here. */}
          <Button variant="destructive" loading={busy} onClick={confirm} data-testid="bulk-delete-confirm">
            {busy ? "Deleting..." : "Delete"}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

import { useState } from "react";
import type { Prospect } from "@shared/leads";
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
import { toastSuccess } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useRemoveProspect } from "../api/prospects";

/**
 * "Remove from pipeline", confirmed first. The
 * card leaves once the server agrees; a refusal is said here and leaves the board as it is.
 */
export function RemoveProspectDialog({ listingId, prospect, onClose }: { listingId: string; prospect: Prospect | null; onClose(): void }) {
  const remove = useRemoveProspect(listingId);
  const [error, setError] = useState<string>();
  const close = () => {
    setError(undefined);
    onClose();
  };
  return (
    <AlertDialog open={prospect !== null} onOpenChange={(open) => !open && !remove.isPending && close()}>
      <AlertDialogContent data-testid="remove-prospect-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>Remove {prospect?.name} from the pipeline?</AlertDialogTitle>
          <AlertDialogDescription>
            {prospect?.name} leaves this listing&rsquo;s prospects. The lead, their other listings and this listing&rsquo;s timeline stay; adding them again starts at Inquired.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          {/* Not an AlertDialogAction: that closes at once, and a refusal must stay readable here. */}
          <Button
            variant="destructive"
            loading={remove.isPending}
            onClick={() => {
              if (!prospect) return;
              setError(undefined);
              remove.mutate(prospect.leadId, {
                onSuccess: () => {
                  close();
                  toastSuccess(`${prospect.name} is no longer a prospect of this listing.`, "Removed from the pipeline");
                },
                onError: (err) => setError(errorMessage(err)),
              });
            }}
          >
            Remove
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

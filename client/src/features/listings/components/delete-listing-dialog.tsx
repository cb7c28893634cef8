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
import { useDeleteListing } from "../api/delete-listing";

interface DeleteListingDialogProps {
  listing: { id: string; listingName: string };
  open: boolean;
  onOpenChange(open: boolean): void;
  onDeleted(): void;
}

export function DeleteListingDialog({ listing, open, onOpenChange, onDeleted }: DeleteListingDialogProps) {
  const remove = useDeleteListing();
  return (
    <AlertDialog open={open} onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete listing</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete "{listing.listingName}"? This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          {/* Not an AlertDialogAction: that closes at once, and a failed delete must leave it open. */}
          <Button
            variant="destructive"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(listing.id, {
                onSuccess: () => {
                  onOpenChange(false);
                  onDeleted();
                },
              })
            }
          >
            Delete
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

import { ArrowDownUp, Check, Images, Plus } from "lucide-react";
import { useId, useRef, useState } from "react";
import { MAX_PHOTOS_PER_LISTING, PHOTO_RIGHTS_MARKER } from "@shared/photos";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { LazyImageUploadDialog, preloadImageUploadDialog } from "@/features/images/components/lazy-image-upload-dialog";
import { errorMessage } from "@/lib/api-client";
import { useListingPhotos, usePhotoChanges, type Photo } from "../api/photos";
import { LazySortablePhotoGrid, preloadSortablePhotoGrid } from "./lazy-sortable-photo-grid";
import { PhotoEditDialog } from "./photo-edit-dialog";
import { PhotoTile, type PhotoActions } from "./photo-tile";
import { PhotoViewer } from "./photo-viewer";

export interface ListingPhotosProps {
  listingId: string;
  listingName: string;
}

/** Where a pulled image came from, as the confirmation names it. */
const sourceText = (photo: Photo) => (photo.sourceUrl ? `It was taken from ${photo.sourceUrl}.` : "It was not uploaded by the team.");

/**
 * The listing's Photos section: the grid with the cover
 * marked, several photos at once from the upload dialog or the phone's camera and library,
 * reordering, the cover, kind and caption, deleting, confirming rights, and the full-screen viewer.
 * Self-contained: the detail dialog renders it with the listing's id and name.
 */
export function ListingPhotos({ listingId, listingName }: ListingPhotosProps) {
  const headingId = useId();
  const query = useListingPhotos(listingId);
  const changes = usePhotoChanges(listingId);
  const photos = query.data ?? [];
  const [uploadOpen, setUploadOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [reordering, setReordering] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const [editing, setEditing] = useState<Photo | null>(null);
  const [deleting, setDeleting] = useState<Photo | null>(null);
  const [confirming, setConfirming] = useState<Photo | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const room = MAX_PHOTOS_PER_LISTING - photos.length;

  const actions: PhotoActions = {
    onOpen: (photo) => setViewing(photos.findIndex((p) => p.id === photo.id)),
    onSetCover: (photo) => changes.patch.mutate({ photoId: photo.id, isCover: true }),
    onEdit: setEditing,
    onDelete: setDeleting,
    onConfirmRights: setConfirming,
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-xl border bg-surface p-4" data-testid="listing-photos">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="flex flex-1 items-center gap-2 text-sm font-semibold">
          <Images aria-hidden className="size-4 text-muted-foreground" />
          Photos
          <span className="font-normal text-muted-foreground">
            {photos.length} of {MAX_PHOTOS_PER_LISTING}
          </span>
        </h3>
        {photos.length > 1 ? (
          <Button
            variant={reordering ? "default" : "outline"}
            size="sm"
            aria-pressed={reordering}
            onPointerEnter={preloadSortablePhotoGrid}
            onFocus={preloadSortablePhotoGrid}
            onClick={() => setReordering((on) => !on)}
          >
            {reordering ? <Check aria-hidden /> : <ArrowDownUp aria-hidden />}
            {reordering ? "Done" : "Reorder"}
          </Button>
        ) : null}
        <Button
          ref={addButton}
          variant="outline"
          size="sm"
          aria-haspopup="dialog"
          disabled={room <= 0 || query.isPending}
          loading={uploading || changes.add.isPending}
          onPointerEnter={preloadImageUploadDialog}
          onFocus={preloadImageUploadDialog}
          onClick={() => setUploadOpen(true)}
        >
          {uploading || changes.add.isPending ? null : <Plus aria-hidden />}
          Add photos
        </Button>
      </div>

      {query.isPending ? (
        <Skeleton className="h-28 w-full" />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(query.error, "Could not load the photos.")}
        </p>
      ) : photos.length === 0 ? (
        <p className="text-sm text-muted-foreground">No photos yet. Add photos, floor plans, site plans, aerials and maps.</p>
      ) : reordering ? (
        <LazySortablePhotoGrid photos={photos} onReorder={(ids) => changes.reorder.mutate(ids)} />
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4" data-testid="photo-grid">
          {photos.map((photo, index) => (
            <PhotoTile key={photo.id} photo={photo} index={index} actions={actions} />
          ))}
        </ul>
      )}
      {room <= 0 ? <p className="text-xs text-muted-foreground">This listing has {MAX_PHOTOS_PER_LISTING} photos, the most it can have.</p> : null}

      <LazyImageUploadDialog
        open={uploadOpen}
        onOpenChange={setUploadOpen}
        maxFiles={Math.max(room, 1)}
        onUploaded={(url) => changes.add.mutate({ url })}
        onUploadingChange={setUploading}
        returnFocusRef={addButton}
      />
      <PhotoViewer photos={photos} index={viewing} onIndexChange={setViewing} listingName={listingName} />
      <PhotoEditDialog
        photo={editing}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        saving={changes.patch.isPending}
        onSave={(values) => editing && changes.patch.mutate({ photoId: editing.id, ...values }, { onSuccess: () => setEditing(null) })}
      />
      <AlertDialog open={deleting !== null} onOpenChange={(open) => (open ? undefined : setDeleting(null))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete this photo?</AlertDialogTitle>
            <AlertDialogDescription>
              {deleting?.isCover ? "It is the cover: the next photo becomes the cover. " : ""}This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => deleting && changes.remove.mutate(deleting.id)}>Delete photo</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <AlertDialog open={confirming !== null} onOpenChange={(open) => (open ? undefined : setConfirming(null))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{PHOTO_RIGHTS_MARKER}</AlertDialogTitle>
            <AlertDialogDescription>
              {confirming ? sourceText(confirming) : ""} Confirm only if the team took it or has permission to use it. Until then it stays out of
              flyers and anything else that leaves the team.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Not yet</AlertDialogCancel>
            <AlertDialogAction variant="default" onClick={() => confirming && changes.patch.mutate({ photoId: confirming.id, rightsConfirmed: true })}>
              We may use it
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}

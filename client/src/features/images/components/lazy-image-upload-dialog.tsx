import { lazy, Suspense, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import type { ImageUploadDialogProps } from "./image-upload-dialog";
import { ImageUploadDialogFrame } from "./image-upload-dialog-frame";

const loadDialog = () => import("./image-upload-dialog");

/** Shown instead of the widget when its code cannot be fetched (offline, or a new release). */
function UploaderUnavailable({ open, onOpenChange, returnFocusRef }: ImageUploadDialogProps) {
  return (
    <ImageUploadDialogFrame open={open} onOpenChange={onOpenChange} returnFocusRef={returnFocusRef}>
      <p role="alert" className="m-auto max-w-sm text-center text-sm text-muted-foreground">
        The uploader could not be loaded. Check your connection, then reload the page and try again.
      </p>
    </ImageUploadDialogFrame>
  );
}

const ImageUploadDialog = lazy(async () => {
  try {
    return { default: (await loadDialog()).ImageUploadDialog };
  } catch {
    return { default: UploaderUnavailable };
  }
});

/** Fetches the upload widget's code ahead of the first click (on hover or focus of its button). */
export const preloadImageUploadDialog = () => void loadDialog().catch(() => undefined);

/**
 * The upload dialog, whose code (Uppy) loads the first time it opens. Once opened it stays
 * mounted, because it owns any upload still running after it is closed.
 */
export function LazyImageUploadDialog(props: ImageUploadDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense
      fallback={
        <ImageUploadDialogFrame open={props.open} onOpenChange={props.onOpenChange} returnFocusRef={props.returnFocusRef} multiple={(props.maxFiles ?? 1) > 1}>
          <div className="flex flex-1 items-center justify-center text-muted-foreground">
            <Spinner className="size-6" label="Loading the uploader" />
          </div>
        </ImageUploadDialogFrame>
      }
    >
      <ImageUploadDialog {...props} />
    </Suspense>
  );
}

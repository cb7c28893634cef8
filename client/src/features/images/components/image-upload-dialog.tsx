// Loaded on demand (see lazy-image-upload-dialog.tsx): Uppy and its styles stay out of every
// other download.
import "@uppy/core/css/style.min.css";
import "@uppy/dashboard/css/style.min.css";
import "./image-upload-dialog.css";
import Dashboard from "@uppy/dashboard";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type MouseEvent, type RefObject } from "react";
import { Spinner } from "@/components/ui/spinner";
import { useCoarsePointer } from "../hooks/use-coarse-pointer";
import { createImageUploader, isFinalRefusal, type ImageUploader } from "../lib/image-uploader";
import { ImageCaptureButtons } from "./image-capture-buttons";
import { ImageUploadDialogFrame } from "./image-upload-dialog-frame";

export interface ImageUploadDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** An image finished uploading; with one file at most the dialog closes itself. */
  onUploaded(imageUrl: string): void;
  /** How many files one batch may hold (1 by default); with more, the dialog closes once all are uploaded. */
  maxFiles?: number;
  onUploadingChange(uploading: boolean): void;
  /** The button that opens the dialog, focused again when it closes. */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

const DASHBOARD_ID = "Dashboard";

// The drop area's words: a mouse drops, pastes or browses; a finger taps.
const POINTER_STRINGS = {
  fine: { dropPasteFiles: "Drop an image here, paste one or %{browseFiles}", browseFiles: "browse your files" },
  coarse: { dropPasteFiles: "Tap here to %{browseFiles}", browseFiles: "choose a photo" },
};

// Uppy's dashboard never tells its title bar that every file failed (it leaves isAllErrored
// unset), so a failed upload would go on reading "Uploading 1 file": while every file has
// failed, the title's uploading string says so instead.
const FAILED_TITLE = { uploadingXFiles: { 0: "Not uploaded", 1: "Not uploaded" } };
const dashboardStrings = (coarse: boolean, failed: boolean) => ({
  ...POINTER_STRINGS[coarse ? "coarse" : "fine"],
  dropHint: "Drop your image here",
  ...(failed ? FAILED_TITLE : {}),
});

const addFiles = (uppy: ImageUploader, files: File[]) =>
  uppy.addFiles(files.map((file) => ({ source: DASHBOARD_ID, name: file.name, type: file.type, data: file })));

/** Uppy's dashboard drawn into this element while the dialog is open. */
function UploadDashboard({ uppy, onDone }: { uppy: ImageUploader; onDone(): void }) {
  const target = useRef<HTMLDivElement>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  const coarse = useCoarsePointer();
  const subscribe = useCallback(
    (onChange: () => void) => {
      uppy.on("state-update", onChange);
      return () => void uppy.off("state-update", onChange);
    },
    [uppy],
  );
  const hasFile = useSyncExternalStore(subscribe, () => uppy.getFiles().length > 0);
  const allFailed = useSyncExternalStore(subscribe, () => {
    const files = uppy.getFiles();
    return files.length > 0 && files.every((file) => Boolean(file.error));
  });

  useEffect(() => {
    if (!target.current) return;
    uppy.use(Dashboard, {
      id: DASHBOARD_ID,
      inline: true,
      target: target.current,
      width: "100%",
      height: "100%",
      theme: document.documentElement.classList.contains("dark") ? "dark" : "light",
      proudlyDisplayPoweredByUppy: false,
      // A few-MB image finishes in seconds; pausing it would only add a button.
      hidePauseResumeButton: true,
      // Lazy thumbnails can queue one file twice; clearing the widget after a quick upload then
      // leaves a stale entry Uppy reports as an error. Making each thumbnail before the upload
      // starts empties that queue before the finished upload is cleared.
      waitForThumbnailsBeforeUpload: true,
      doneButtonHandler: () => done.current(),
      locale: { strings: dashboardStrings(false, false) },
    });
    const dashboard = uppy.getPlugin(DASHBOARD_ID);
    // Retry only where trying again can help: never for a file the server refused for what it
    // is (too large, not an image), which would fail the same way.
    const onError = (_file: unknown, error: unknown) => dashboard?.setOptions({ hideRetryButton: isFinalRefusal(error) });
    uppy.on("upload-error", onError);
    return () => {
      uppy.off("upload-error", onError);
      if (dashboard) uppy.removePlugin(dashboard);
    };
  }, [uppy]);

  useEffect(() => {
    uppy.getPlugin(DASHBOARD_ID)?.setOptions({ locale: { strings: dashboardStrings(coarse, allFailed) } });
  }, [uppy, coarse, allFailed]);

  // The uploader's own file input: the drop area, the browse link and Choose photo all open it.
  const choose = () => target.current?.querySelector<HTMLInputElement>("input.uppy-Dashboard-input[type=file]")?.click();

  // A tap (or click) anywhere on the empty drop area opens the chooser, not only on its link.
  const onAreaClick = (event: MouseEvent) => {
    const hit = event.target as HTMLElement;
    if (!hit.closest(".uppy-Dashboard-AddFiles") || hit.closest("button, input, a, label")) return;
    choose();
  };

  // Uppy's dashboard takes a paste both on itself and on the document (when focused inside), so
  // one paste adds the file twice and shows "Cannot add the duplicate file". Handling every
  // paste of files here, first, adds it once, wherever the focus is in the dialog.
  useEffect(() => {
    const takePaste = (event: ClipboardEvent) => {
      const files = Array.from(event.clipboardData?.files ?? []);
      if (files.length === 0) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      addFiles(uppy, files);
    };
    document.addEventListener("paste", takePaste, { capture: true });
    return () => document.removeEventListener("paste", takePaste, { capture: true });
  }, [uppy]);

  // A file dropped beside the drop area would make the browser open it in place of the app.
  useEffect(() => {
    const refuse = (event: DragEvent) => {
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = "none";
    };
    window.addEventListener("dragover", refuse);
    window.addEventListener("drop", refuse);
    return () => {
      window.removeEventListener("dragover", refuse);
      window.removeEventListener("drop", refuse);
    };
  }, []);

  return (
    <>
      {coarse && !hasFile ? <ImageCaptureButtons onFiles={(files) => addFiles(uppy, files)} onChoose={choose} /> : null}
      {/* The clicks handled here are extra ways to reach the chooser; its link and the buttons remain. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div ref={target} onClick={onAreaClick} className="image-upload-dashboard min-h-0 flex-1" data-testid="image-upload-dashboard" />
    </>
  );
}

/**
 * The Upload Image dialog. It stays mounted once opened and owns the upload, so closing it does
 * not stop one: the listing form keeps reading "Uploading..." until the image arrives.
 */
export function ImageUploadDialog({
  open,
  onOpenChange,
  onUploaded,
  onUploadingChange,
  returnFocusRef,
  maxFiles = 1,
}: ImageUploadDialogProps) {
  const [uppy, setUppy] = useState<ImageUploader | null>(null);
  // Fixed for the dialog's life, as the uploader made with it is.
  const fileLimit = useRef(maxFiles);
  const latest = useRef({ onOpenChange, onUploaded, onUploadingChange });
  useEffect(() => {
    latest.current = { onOpenChange, onUploaded, onUploadingChange };
  });

  useEffect(() => {
    const limit = fileLimit.current;
    const close = () => latest.current.onOpenChange(false);
    const created = createImageUploader(
      {
        onUploadingChange: (uploading) => latest.current.onUploadingChange(uploading),
        onUploaded: (imageUrl) => {
          latest.current.onUploaded(imageUrl);
          if (limit === 1) close();
        },
        onAllUploaded: () => {
          if (limit > 1) close();
        },
      },
      limit,
    );
    setUppy(created);
    return () => {
      created.destroy();
      setUppy(null);
      latest.current.onUploadingChange(false);
    };
  }, []);

  return (
    <ImageUploadDialogFrame open={open} onOpenChange={onOpenChange} returnFocusRef={returnFocusRef} multiple={maxFiles > 1}>
      {uppy ? (
        <UploadDashboard uppy={uppy} onDone={() => onOpenChange(false)} />
      ) : (
        <div className="flex flex-1 items-center justify-center text-muted-foreground">
          <Spinner className="size-6" />
        </div>
      )}
    </ImageUploadDialogFrame>
  );
}

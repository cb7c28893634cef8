import { FileImage, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useFlyerExtraction } from "../hooks/use-flyer-extraction";
import { LazyImageUploadDialog, preloadImageUploadDialog } from "./lazy-image-upload-dialog";

export interface ImageSourceActionsProps {
  /** The Marketing Flyer Link field's current text. */
  flyerUrl: string;
  hasImage: boolean;
  uploading: boolean;
  onUploadingChange(uploading: boolean): void;
  /** A new image address, uploaded or taken from the flyer. */
  onImage(imageUrl: string, source: "upload" | "flyer"): void;
  /** Use Image was pressed with no flyer link: point the person at that field. */
  onFlyerUrlMissing?(): void;
}

function statusText(uploading: boolean, extracting: boolean) {
  if (uploading) return "Uploading the image. You can keep editing meanwhile.";
  if (extracting) return "Taking the image from the flyer link...";
  return "Use Image takes the picture from the Marketing Flyer Link.";
}

/** Spec §2: where a listing's main image comes from, an upload or the flyer link. */
export function ImageSourceActions({
  flyerUrl,
  hasImage,
  uploading,
  onUploadingChange,
  onImage,
  onFlyerUrlMissing,
}: ImageSourceActionsProps) {
  const statusId = useId();
  const [uploadOpen, setUploadOpen] = useState(false);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const { extracting, extractNow } = useFlyerExtraction({
    flyerUrl,
    canAutoExtract: !hasImage && !uploading,
    onExtracted: (imageUrl) => onImage(imageUrl, "flyer"),
  });
  const takeFlyerImage = () => {
    if (!extractNow()) onFlyerUrlMissing?.();
  };

  return (
    <div className="grid gap-2">
      <div className="flex gap-2 max-sm:[&>button]:flex-1">
        <Button
          ref={uploadButton}
          variant="outline"
          size="sm"
          aria-haspopup="dialog"
          onPointerEnter={preloadImageUploadDialog}
          onFocus={preloadImageUploadDialog}
          onClick={() => setUploadOpen(true)}
        >
          <Upload aria-hidden />
          Upload Image
        </Button>
        <Button
          variant="outline"
          size="sm"
          loading={extracting}
          disabled={uploading}
          aria-describedby={statusId}
          onClick={takeFlyerImage}
        >
          {extracting ? null : <FileImage aria-hidden />}
          {extracting ? "Extracting..." : "Use Image"}
        </Button>
      </div>
      <p id={statusId} aria-live="polite" className="text-xs text-muted-foreground" data-testid="image-source-status">
        {statusText(uploading, extracting)}
      </p>
      <LazyImageUploadDialog
        open={uploadOpen}
        onOpenChange={setUploadOpen}
        onUploaded={(imageUrl) => onImage(imageUrl, "upload")}
        onUploadingChange={onUploadingChange}
        returnFocusRef={uploadButton}
      />
    </div>
  );
}

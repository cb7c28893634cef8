import { FileImage, ImageOff, ImageIcon, Trash2 } from "lucide-react";
import { useState } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import type { ListingFormValues } from "@shared/schema";
import { Button } from "@/components/ui/button";
import { ImageSourceActions } from "@/features/images/components/image-source-actions";
import { cardImageSrc } from "../lib/listing-image";
import { ListingFormSection } from "./listing-form-section";

export interface ListingFormMainImageProps {
  form: UseFormReturn<ListingFormValues>;
  /** True while an image upload runs; the dialog disables submit and reads "Uploading...". */
  uploading: boolean;
  /** Report an upload starting (true) and ending, whatever its outcome (false). */
  onUploadingChange(uploading: boolean): void;
}

interface ImagePreviewProps {
  src: string;
  onRemove(): void;
  disabled: boolean;
  /** The image was taken from the Marketing Flyer Link: say so beside the thumbnail. */
  fromFlyer: boolean;
}

function ImagePreview({ src, onRemove, disabled, fromFlyer }: ImagePreviewProps) {
  // Remember which address failed, so a new image gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-lg border bg-muted sm:w-56">
        {failedSrc === src ? (
          <div className="flex size-full flex-col items-center justify-center gap-1.5 p-3 text-center text-xs text-muted-foreground">
            <ImageOff className="size-5" aria-hidden />
            The image could not be loaded.
          </div>
        ) : (
          <img
            src={src}
            alt="Preview for the listing card"
            className="size-full object-cover"
            data-testid="listing-image-preview"
            onError={() => setFailedSrc(src)}
          />
        )}
      </div>
      <div className="grid justify-items-start gap-2">
        {fromFlyer ? (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="flyer-image-note">
            <FileImage aria-hidden className="size-4 shrink-0 text-primary" />
            Image taken from the flyer
          </p>
        ) : null}
        <Button variant="outline" size="sm" onClick={onRemove} disabled={disabled}>
          <Trash2 aria-hidden />
          Remove
        </Button>
      </div>
    </div>
  );
}

/**
 * The Main Image section. Uploading and flyer extraction plug in here: they set imageUrl on the
 * form and report uploads through onUploadingChange.
 */
export function ListingFormMainImage({ form, uploading, onUploadingChange }: ListingFormMainImageProps) {
  const imageUrl = useWatch({ control: form.control, name: "imageUrl" });
  const flyerUrl = useWatch({ control: form.control, name: "marketingFlyerLink" });
  const error = form.formState.errors.imageUrl?.message;
  // The address of an image taken from the flyer link (automatically or by Use Image), so the
  // preview can say where it came from; an upload or a removal replaces it.
  const [flyerImage, setFlyerImage] = useState<string | null>(null);
  const setImage = (url: string, source?: "upload" | "flyer") => {
    setFlyerImage(source === "flyer" ? url : null);
    form.setValue("imageUrl", url, { shouldDirty: true, shouldValidate: true });
  };
  const remove = () => setImage("");

  return (
    <ListingFormSection title="Main Image" description="The cover of the listing's photos, shown on its card and details. Add more in the listing's Photos section.">
      {imageUrl ? (
        // The preview is card-sized, so it loads the 600-pixel copy, not the original.
        <ImagePreview
          src={cardImageSrc(imageUrl, null)}
          onRemove={remove}
          disabled={uploading}
          fromFlyer={flyerImage !== null && flyerImage === imageUrl}
        />
      ) : (
        <div className="flex items-center gap-3 rounded-lg border border-dashed px-4 py-5 text-sm text-muted-foreground">
          <ImageIcon className="size-5 shrink-0" aria-hidden />
          No image yet. Listings without one show a stock photo.
        </div>
      )}
      <ImageSourceActions
        flyerUrl={flyerUrl ?? ""}
        hasImage={Boolean(imageUrl)}
        uploading={uploading}
        onUploadingChange={onUploadingChange}
        onImage={setImage}
        onFlyerUrlMissing={() => form.setFocus("marketingFlyerLink")}
      />
      {error ? (
        <p role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </ListingFormSection>
  );
}

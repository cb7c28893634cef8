import { Camera, Images } from "lucide-react";
import { useRef, type ChangeEvent } from "react";
import { Button } from "@/components/ui/button";

interface ImageCaptureButtonsProps {
  /** Files from the camera, handed to the uploader. */
  onFiles(files: File[]): void;
  /** Opens the uploader's own file chooser (the same one the drop area opens). */
  onChoose(): void;
}

/**
 * On touch screens: the camera and the photo library as two large buttons, since
 * agents photograph properties on site. The camera input asks for the back camera; a browser
 * without one opens its usual chooser instead.
 */
export function ImageCaptureButtons({ onFiles, onChoose }: ImageCaptureButtonsProps) {
  const camera = useRef<HTMLInputElement>(null);
  const take = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared, so the same photo taken twice still counts as a change.
    event.target.value = "";
    if (files.length > 0) onFiles(files);
  };
  return (
    <div className="grid grid-cols-2 gap-2 pb-3" data-testid="image-capture-buttons">
      <Button size="lg" className="h-12 text-base" onClick={() => camera.current?.click()}>
        <Camera className="size-5" aria-hidden />
        Take photo
      </Button>
      <Button size="lg" variant="outline" className="h-12 text-base" onClick={onChoose}>
        <Images className="size-5" aria-hidden />
        Choose photo
      </Button>
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        tabIndex={-1}
        aria-label="Take photo"
        data-testid="take-photo-input"
        onChange={take}
      />
    </div>
  );
}

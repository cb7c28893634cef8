import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { useRef, type KeyboardEvent, type PointerEvent } from "react";
import { PHOTO_KIND_LABELS } from "@shared/photos";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import type { Photo } from "../api/photos";
import { swipeDirection } from "../lib/swipe";

interface PhotoViewerProps {
  photos: Photo[];
  /** The photo shown, by its place in `photos`; null when closed. */
  index: number | null;
  onIndexChange(index: number | null): void;
  listingName: string;
}

/**
 * The gallery full screen: the original image, arrow keys and the buttons on a desktop, a swipe
 * on a phone. It wraps around at either end.
 */
export function PhotoViewer({ photos, index, onIndexChange, listingName }: PhotoViewerProps) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const open = index !== null && photos.length > 0;
  const at = open ? Math.min(index, photos.length - 1) : 0;
  const photo = photos[at];
  const go = (step: number) => onIndexChange((at + step + photos.length) % photos.length);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") go(1);
    else if (event.key === "ArrowLeft") go(-1);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent) => {
    start.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    if (!start.current) return;
    const direction = swipeDirection(start.current, { x: event.clientX, y: event.clientY });
    start.current = null;
    if (direction !== 0) go(-direction);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onIndexChange(null))}>
      <DialogContent
        hideClose
        onKeyDown={onKeyDown}
        className="inset-0 flex h-dvh max-h-dvh w-screen max-w-none translate-x-0 translate-y-0 flex-col gap-0 rounded-none border-0 bg-black p-0 text-white"
        data-testid="photo-viewer"
      >
        <header className="flex items-center gap-3 px-4 py-3">
          <div className="grid min-w-0 flex-1">
            {/* A long name gives way, never the count: "photo 2 of 6" stays whole on a phone. The two
                parts are flex items, which a screen reader would read apart: the label joins them. */}
            <DialogTitle className="flex min-w-0 text-base text-white" aria-label={`${listingName}: photo ${at + 1} of ${photos.length}`}>
              <span className="truncate">{listingName}</span>
              <span className="shrink-0 whitespace-pre" data-testid="photo-viewer-count">
                : photo {at + 1} of {photos.length}
              </span>
            </DialogTitle>
            <DialogDescription className="truncate text-sm text-white/80">
              {photo ? [PHOTO_KIND_LABELS[photo.kind], photo.caption].filter(Boolean).join(" · ") : ""}
            </DialogDescription>
          </div>
          <DialogClose asChild>
            <Button variant="ghost" size="icon" aria-label="Close" className="text-white hover:bg-white/15 hover:text-white">
              <X aria-hidden />
            </Button>
          </DialogClose>
        </header>
        <div
          className="relative flex min-h-0 flex-1 touch-pan-y select-none items-center justify-center"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (start.current = null)}
          data-testid="photo-viewer-stage"
        >
          {photo ? (
            <img
              key={photo.id}
              src={photo.url}
              alt={photo.caption || `${PHOTO_KIND_LABELS[photo.kind]} ${at + 1} of ${listingName}`}
              className="max-h-full max-w-full object-contain"
              draggable={false}
              data-testid="photo-viewer-image"
            />
          ) : null}
          {photos.length > 1 ? (
            <>
              <Button
                variant="ghost"
                size="icon"
                aria-label="Previous photo"
                className="absolute left-2 top-1/2 -translate-y-1/2 bg-black/40 text-white hover:bg-black/60 hover:text-white max-sm:hidden"
                onClick={() => go(-1)}
              >
                <ChevronLeft aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label="Next photo"
                className="absolute right-2 top-1/2 -translate-y-1/2 bg-black/40 text-white hover:bg-black/60 hover:text-white max-sm:hidden"
                onClick={() => go(1)}
              >
                <ChevronRight aria-hidden />
              </Button>
            </>
          ) : null}
        </div>
        <p className="px-4 py-2 text-center text-xs text-white/70 sm:hidden">Swipe for the next photo</p>
      </DialogContent>
    </Dialog>
  );
}

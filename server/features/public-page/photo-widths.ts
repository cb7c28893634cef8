// The public page's photo widths: the page's srcset names them and its photo route serves them
// and nothing else (docs/guides/public-page-and-leads.md). Each is a copy the images feature
// makes once, keeps, and re-encodes without metadata; the original never leaves.
import { GALLERY_THUMBNAIL_WIDTH, LARGE_COPY_WIDTH, THUMBNAIL_WIDTH } from "../images/service.js";

/** Smallest first; the last, the largest, is also what a request without `?w=` gets. */
export const PAGE_PHOTO_WIDTHS: readonly number[] = [GALLERY_THUMBNAIL_WIDTH, THUMBNAIL_WIDTH, LARGE_COPY_WIDTH];

/** The logo's copy: the header shows it at most 48 pixels high, so 600 wide stays sharp at twice that for logos up to 6:1. */
export const LOGO_WIDTH = THUMBNAIL_WIDTH;

/** The width a request's `?w=` names: the largest without one, null for any the page never asks for. */
export function pagePhotoWidth(w: unknown): number | null {
  if (w === undefined) return PAGE_PHOTO_WIDTHS[PAGE_PHOTO_WIDTHS.length - 1];
  return PAGE_PHOTO_WIDTHS.find((width) => w === String(width)) ?? null;
}

/**
 * A photo's srcset: each width below the photo's own, then the first copy at least as wide as
 * the photo, described by the width it really has (copies are never enlarged). A photo of
 * unknown width gets every width as named.
 */
export function photoSrcset(src: string, photoWidth: number | null): string {
  const entries: string[] = [];
  for (const width of PAGE_PHOTO_WIDTHS) {
    if (photoWidth !== null && width >= photoWidth) {
      entries.push(`${src}?w=${width} ${photoWidth}w`);
      break;
    }
    entries.push(`${src}?w=${width} ${width}w`);
  }
  return entries.join(", ");
}

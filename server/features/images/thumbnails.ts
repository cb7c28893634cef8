import sharp from "sharp";
import { concurrencyLimit } from "../../http/concurrency-limit.js";
import { MAX_IMAGE_PIXELS } from "../../integrations/storage/image-types.js";

/** Cards show images at most this wide; the detail dialog shows the original. */
export const THUMBNAIL_WIDTH = 600;
/** A gallery's grid shows tiles of at most 160 CSS pixels: this is sharp at twice that. */
export const GALLERY_THUMBNAIL_WIDTH = 320;
/** The widths a signed-in member may ask for (`?w=`); without one they get the original. */
export const THUMBNAIL_WIDTHS: readonly number[] = [GALLERY_THUMBNAIL_WIDTH, THUMBNAIL_WIDTH];
/**
 * The public page's largest copy: its cover spans up to 928 CSS pixels, so this is sharp at
 * about 1.7x. The public page never sends the original (docs/guides/images-and-photos.md).
 */
export const LARGE_COPY_WIDTH = 1600;
/** Every width a copy is made at; each is made once per image and kept, and swept with it. */
export const COPY_WIDTHS: readonly number[] = [...THUMBNAIL_WIDTHS, LARGE_COPY_WIDTH];

// Each thumbnail is made once and kept, so libvips' operation cache would only hold on to
// decoded images nobody asks for again.
sharp.cache(false);

export interface ThumbnailLimits {
  /** Thumbnails made at once by this process; each may decode up to 50 megapixels. */
  concurrency: number;
  /** Thumbnail requests that may wait for a turn; more are refused (503) until some finish. */
  maxWaiting: number;
}

export const DEFAULT_THUMBNAIL_LIMITS: ThumbnailLimits = { concurrency: 2, maxWaiting: 100 };

/** The pixel limit stopped the decode: the original is a decompression bomb. */
export const isPixelLimitError = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

/**
 * A WebP copy `width` wide (never enlarged), upright per its EXIF orientation. It carries no
 * metadata: with no `withMetadata()`, sharp writes no EXIF (GPS, camera, artist), XMP, IPTC or
 * comment, and converts an embedded colour profile (Display P3, Adobe RGB) to sRGB before
 * dropping it, so the colours stay right. This is what makes a copy safe to send outside.
 */
function makeThumbnail(image: Buffer, width: number): Promise<Buffer> {
  // The limit holds here too, for images stored before uploads were checked for it.
  return sharp(image, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
}

/**
 * Makes thumbnails a few at a time: decoding takes memory in proportion to the pixels, so a
 * burst of large originals must not all be in memory at once. `read` runs inside the turn, so
 * waiting requests hold no image bytes.
 */
export function createThumbnailer(limits: ThumbnailLimits) {
  const limited = concurrencyLimit(limits.concurrency, limits.maxWaiting);
  return (read: () => Promise<Buffer>, width: number): Promise<Buffer> => limited(async () => makeThumbnail(await read(), width));
}

import sharp from "sharp";

/** Cards show images at most this wide; the detail dialog shows the original. */
export const THUMBNAIL_WIDTH = 600;

// A 10 MB file can still claim billions of pixels (a decompression bomb); 50 megapixels is
// far beyond any listing photo.
const MAX_INPUT_PIXELS = 50_000_000;

/** A WebP copy THUMBNAIL_WIDTH wide (never enlarged), upright per its EXIF orientation. */
export function makeThumbnail(image: Buffer): Promise<Buffer> {
  return sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
    .rotate()
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
}

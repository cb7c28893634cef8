// What we accept as an image is decided by the file's first bytes, never by its name or the
// Content-Type someone sent: a browser would happily run an "image" that is really HTML or SVG.
// The accepted types and the size limit are shared with the browser (shared/constants.ts).
import type { ImageContentType } from "../../../shared/constants.js";
import sharp from "sharp";

/** Enough leading bytes to recognise every accepted format (AVIF's brand list is the longest). */
export const IMAGE_SNIFF_BYTES = 64;


const ascii = (head: Uint8Array, start: number, end: number) => Buffer.from(head.subarray(start, end)).toString("latin1");

/** AVIF is an ISO-BMFF file whose ftyp box names avif/avis as its major or a compatible brand. */
function isAvif(head: Uint8Array): boolean {
  if (head.length < 16 || ascii(head, 4, 8) !== "ftyp") return false;
  const boxSize = Buffer.from(head).readUInt32BE(0);
  const end = Math.min(boxSize, head.length);
  const brands = [ascii(head, 8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(head, at, at + 4));
  return brands.some((b) => b === "avif" || b === "avis");
}

/** The image type the bytes start with, or null when they are not one we accept. */
export function sniffImageType(head: Uint8Array): ImageContentType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  if (head.length >= 8 && ascii(head, 0, 8) === "\x89PNG\r\n\x1a\n") return "image/png";
  if (head.length >= 6 && (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a")) return "image/gif";
  if (head.length >= 12 && ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return "image/webp";
  if (isAvif(head)) return "image/avif";
  return null;
}


/**
 * Decompression bombs: a small file can declare a huge picture, and decoding it takes memory
 * and time in proportion. Images over this many pixels (one frame) are refused.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const IMAGE_TOO_MANY_PIXELS_MESSAGE = "That image is too large. Images can be at most 50 megapixels";

/** Enough leading bytes for any real header (JPEG's EXIF and ICC segments come before its size). */
export const IMAGE_HEADER_BYTES = 1024 * 1024;

/** Width and height as the image displays: EXIF orientations 5-8 turn it a quarter. */
export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The size (of one frame) that the image's header declares, upright, or null when no header can
 * be read. Only the header is read, nothing is decoded, so a bomb costs nothing here; the pixel
 * limit is off for this read so that the size is known whatever it is. Given a file path
 * (an upload being received), libvips reads just the header from the file.
 */
export async function imageSize(image: Uint8Array | string): Promise<ImageSize | null> {
  try {
    const { width, height, orientation } = await sharp(image, { limitInputPixels: false }).metadata();
    if (!width || !height) return null;
    return orientation && orientation >= 5 ? { width: height, height: width } : { width, height };
  } catch {
    return null;
  }
}

/** Width × height (of one frame) that the image's header declares, or null when none can be read. */
export async function imagePixels(image: Uint8Array | string): Promise<number | null> {
  const size = await imageSize(image);
  return size && size.width * size.height;
}

// A flyer's images, made small before pdfkit sees them: each photo cropped to its box (a plan or a
// map fitted inside it, uncut) at about 150 dpi as a JPEG, the logo fitted into a small PNG. Ten
// 4000x3000 originals make a flyer of a few hundred kilobytes (npm run bench). sharp works on libuv's threads, off the event loop.
import sharp from "sharp";
import { MAX_IMAGE_PIXELS } from "../../integrations/storage/image-types.js";
import { LOGO_MAX, PIXELS_PER_POINT, type Box, type FlyerImages } from "./render-flyer.js";

// Logos are drawn small and sharp-edged: four pixels a point.
const LOGO_PIXELS = { width: LOGO_MAX.width * 4, height: LOGO_MAX.height * 4 };

const decode = (bytes: Buffer) => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" }).rotate();

/**
 * The photo cropped to fill `box` (as CSS's object-fit: cover), or, `whole`, fitted inside it
 * uncut at its own shape (object-fit: contain; the layout letterboxes it); null when it does not
 * decode. `smallest` (the flyer's one page) spends mozjpeg's extra time for the smallest file; a
 * document of twenty photos (the OM) takes the plain encoder, about 40% faster per photo.
 */
export async function photoForBox(bytes: Buffer, box: Box, whole = false, smallest = true): Promise<Buffer | null> {
  try {
    return await decode(bytes)
      .resize({ width: Math.round(box.width * PIXELS_PER_POINT), height: Math.round(box.height * PIXELS_PER_POINT), fit: whole ? "inside" : "cover" })
      .flatten({ background: "#FFFFFF" })
      // Plans are thin lines on white: a little more quality keeps them clean.
      .jpeg({ quality: whole ? 86 : 78, mozjpeg: smallest })
      .toBuffer();
  } catch {
    return null;
  }
}

/** The logo fitted into a small PNG (transparency kept), or null when it does not decode. */
export async function logoImage(bytes: Buffer): Promise<FlyerImages["logo"]> {
  try {
    const { data, info } = await decode(bytes)
      .resize({ ...LOGO_PIXELS, fit: "inside", withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

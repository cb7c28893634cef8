// From a flyer link to image bytes: an image is taken as it is, a PDF gives its first photo, a
// web page the picture it advertises (html-image.ts). Whatever is chosen must be a real image
// by its bytes, and not a decompression bomb by its header; the caller stores it (never
// hot-links it). Documents are read in a worker thread (parse-in-worker.ts).
import { UNSUPPORTED_IMAGE_MESSAGE } from "../../../shared/constants.js";
import {
  IMAGE_SNIFF_BYTES,
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
  imagePixels,
  MAX_IMAGE_PIXELS,
  sniffImageType,
} from "../storage/image-types.js";
import { FlyerImageError } from "./flyer-image-error.js";
import { findHtmlImagesInWorker, firstPdfJpegInWorker } from "./parse-in-worker.js";
import { isPdf } from "./pdf-image.js";
import { safeFetch, SafeFetchError, type FetchedResource, type SafeFetchOptions } from "./safe-fetch.js";

export type ExtractOptions = Omit<SafeFetchOptions, "accept" | "signal">;

/** The whole job (page plus image) gets this long; each fetch also keeps its own 10 s cap. */
const EXTRACTION_DEADLINE_MS = 20_000;
/** Page images tried before giving up, best candidate first. */
const MAX_CANDIDATES = 3;

const PAGE_ACCEPT = "text/html,application/xhtml+xml,application/pdf,image/avif,image/webp,image/*;q=0.8,*/*;q=0.5";
const IMAGE_ACCEPT = "image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.5";

const noImage = () => new FlyerImageError("NO_IMAGE", "No image found at that link");
const unsupported = () => new FlyerImageError("UNSUPPORTED_IMAGE", UNSUPPORTED_IMAGE_MESSAGE);
const tooManyPixels = () => new FlyerImageError("TOO_MANY_PIXELS", IMAGE_TOO_MANY_PIXELS_MESSAGE);

const isAcceptedImage = (bytes: Buffer) => sniffImageType(bytes.subarray(0, IMAGE_SNIFF_BYTES)) !== null;
const isOtherImage = (resource: FetchedResource) =>
  /^image\//i.test(resource.contentType) || /<svg[\s>]/i.test(resource.body.subarray(0, 1024).toString("latin1"));
const isHtml = (resource: FetchedResource) =>
  /html/i.test(resource.contentType) ||
  /^\s*(<!doctype html|<html|<head|<meta|<!--)/i.test(resource.body.subarray(0, 512).toString("latin1"));

/** The image as it is, once its header shows a size we are willing to decode later. */
async function withinPixelLimit(image: Buffer): Promise<Buffer> {
  const pixels = await imagePixels(image);
  // Starts like an accepted image but has no readable header: not an image we can use.
  if (pixels === null) throw unsupported();
  if (pixels > MAX_IMAGE_PIXELS) throw tooManyPixels();
  return image;
}

/** An unusable picture (too many pixels, no header) or link; out of time is out of time. */
const nextCandidateMayDo = (err: unknown): err is Error =>
  err instanceof FlyerImageError || (err instanceof SafeFetchError && err.code !== "TIMEOUT");

export async function extractFlyerImage(link: string, options: ExtractOptions = {}): Promise<Buffer> {
  const signal = AbortSignal.timeout(EXTRACTION_DEADLINE_MS);
  const page = await safeFetch(link, { ...options, accept: PAGE_ACCEPT, signal });
  if (isAcceptedImage(page.body)) return withinPixelLimit(page.body);
  if (isPdf(page.body)) {
    const photo = await firstPdfJpegInWorker(page.body);
    if (!photo) throw noImage();
    return withinPixelLimit(photo);
  }
  if (isOtherImage(page)) throw unsupported();
  if (!isHtml(page)) throw noImage();

  const candidates = (await findHtmlImagesInWorker(page.body, page.url)).slice(0, MAX_CANDIDATES);
  let firstFailure: Error | undefined;
  for (const candidate of candidates) {
    try {
      const image = await safeFetch(candidate, { ...options, accept: IMAGE_ACCEPT, signal });
      if (isAcceptedImage(image.body)) return await withinPixelLimit(image.body);
      firstFailure ??= isOtherImage(image) ? unsupported() : noImage();
    } catch (err) {
      if (!nextCandidateMayDo(err)) throw err;
      firstFailure ??= err;
    }
  }
  // The page pointed at pictures but none could be used: say why the best one failed.
  throw firstFailure ?? noImage();
}

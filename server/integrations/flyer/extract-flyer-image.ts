// From a flyer link to image bytes: an image is taken as it is, a PDF gives its first photo, a
// web page the picture it advertises (html-image.ts). Whatever is chosen must be a real image
// by its bytes; the caller stores it (never hot-links it).
import { UNSUPPORTED_IMAGE_MESSAGE } from "../../../shared/constants.js";
import { IMAGE_SNIFF_BYTES, sniffImageType } from "../storage/image-types.js";
import { findHtmlImages } from "./html-image.js";
import { firstPdfJpeg, isPdf } from "./pdf-image.js";
import { safeFetch, SafeFetchError, type FetchedResource, type SafeFetchOptions } from "./safe-fetch.js";

export class FlyerImageError extends Error {
  constructor(
    readonly code: "NO_IMAGE" | "UNSUPPORTED_IMAGE",
    message: string,
  ) {
    super(message);
  }
}

export type ExtractOptions = Omit<SafeFetchOptions, "accept" | "signal">;

/** The whole job (page plus image) gets this long; each fetch also keeps its own 10 s cap. */
const EXTRACTION_DEADLINE_MS = 20_000;
/** Page images tried before giving up, best candidate first. */
const MAX_CANDIDATES = 3;

const PAGE_ACCEPT = "text/html,application/xhtml+xml,application/pdf,image/avif,image/webp,image/*;q=0.8,*/*;q=0.5";
const IMAGE_ACCEPT = "image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.5";

const noImage = () => new FlyerImageError("NO_IMAGE", "No image found at that link");
const unsupported = () => new FlyerImageError("UNSUPPORTED_IMAGE", UNSUPPORTED_IMAGE_MESSAGE);

const isAcceptedImage = (bytes: Buffer) => sniffImageType(bytes.subarray(0, IMAGE_SNIFF_BYTES)) !== null;
const isOtherImage = (resource: FetchedResource) =>
  /^image\//i.test(resource.contentType) || /<svg[\s>]/i.test(resource.body.subarray(0, 1024).toString("latin1"));
const isHtml = (resource: FetchedResource) =>
  /html/i.test(resource.contentType) ||
  /^\s*(<!doctype html|<html|<head|<meta|<!--)/i.test(resource.body.subarray(0, 512).toString("latin1"));

export async function extractFlyerImage(link: string, options: ExtractOptions = {}): Promise<Buffer> {
  const signal = AbortSignal.timeout(EXTRACTION_DEADLINE_MS);
  const page = await safeFetch(link, { ...options, accept: PAGE_ACCEPT, signal });
  if (isAcceptedImage(page.body)) return page.body;
  if (isPdf(page.body)) {
    const photo = firstPdfJpeg(page.body);
    if (!photo) throw noImage();
    return photo;
  }
  if (isOtherImage(page)) throw unsupported();
  if (!isHtml(page)) throw noImage();

  const candidates = findHtmlImages(page.body.toString("utf8"), page.url).slice(0, MAX_CANDIDATES);
  let firstFailure: Error | undefined;
  for (const candidate of candidates) {
    try {
      const image = await safeFetch(candidate, { ...options, accept: IMAGE_ACCEPT, signal });
      if (isAcceptedImage(image.body)) return image.body;
      firstFailure ??= isOtherImage(image) ? unsupported() : noImage();
    } catch (err) {
      if (!(err instanceof SafeFetchError) || err.code === "TIMEOUT") throw err;
      firstFailure ??= err;
    }
  }
  // The page pointed at pictures but none could be used: say why the best one failed.
  throw firstFailure ?? noImage();
}

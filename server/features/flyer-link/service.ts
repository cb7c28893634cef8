// Flyer image extraction: fetch the flyer safely, find its picture, store it as the user's upload.
import { HttpError } from "../../http/http-error.js";
import { extractFlyerImage, type ExtractOptions } from "../../integrations/flyer-link/extract-flyer-image.js";
import { FlyerImageError } from "../../integrations/flyer-link/flyer-image-error.js";
import { SafeFetchError } from "../../integrations/flyer-link/safe-fetch.js";

// The link's fault, not ours, so all 4xx: the message says what went wrong.
const STATUS: Record<SafeFetchError["code"] | FlyerImageError["code"], number> = {
  NOT_ALLOWED: 400,
  TOO_LARGE: 413,
  UNSUPPORTED_IMAGE: 415,
  UNREACHABLE: 422,
  HTTP_STATUS: 422,
  TOO_MANY_REDIRECTS: 422,
  TIMEOUT: 422,
  NO_IMAGE: 422,
  TOO_MANY_PIXELS: 413,
  TOO_COMPLEX: 422,
};

function toHttpError(err: unknown): never {
  if (err instanceof SafeFetchError || err instanceof FlyerImageError) throw new HttpError(STATUS[err.code], err.message);
  throw err;
}

export interface FlyerDeps {
  /** Stores checked image bytes for a user, with the link they came from, and returns the image's URL (the images feature). */
  saveImage(userId: number, bytes: Buffer, sourceUrl: string): Promise<string>;
  fetchOptions: ExtractOptions;
}

/** The URL of the flyer's image, stored as `userId`'s upload; a 4xx naming the problem otherwise. */
export async function imageFromFlyer(deps: FlyerDeps, userId: number, flyerUrl: string): Promise<{ imageUrl: string }> {
  const bytes = await extractFlyerImage(flyerUrl, deps.fetchOptions).catch(toHttpError);
  return { imageUrl: await deps.saveImage(userId, bytes, flyerUrl) };
}

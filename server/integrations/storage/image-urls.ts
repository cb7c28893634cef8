// The one public address of a stored image, whichever storage holds it. It lives under /api/
// because every other path is the single-page app's (server/http/spa.ts).
import type { ObjectStorage } from "./object-storage.js";

export const IMAGE_URL_PREFIX = "/api/objects/images/";

/** Image keys are random UUIDs: unguessable, and safe in a file name or an object key. */
export const isImageKey = (key: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(key);

export const imageUrlForKey = (key: string) => `${IMAGE_URL_PREFIX}${key}`;

/** Where each image's objects live in storage (see object-storage.ts). */
export const imageObjects = {
  original: (key: string) => `images/${key}`,
  incoming: (key: string) => `incoming/${key}`,
  thumbnail: (key: string, width: number) => `thumbs/${key}-w${width}.webp`,
};

/**
 * The app URL for an imageUrl a client saved. Upload widgets report the upload URL without
 * its query string: in local mode that already is the app URL, but with a bucket it is the
 * bucket's own address (private, so useless to a browser). Anything else is returned as is.
 */
export function toAppImageUrl(url: string, storage: ObjectStorage): string {
  if (storage.kind !== "s3") return url;
  const name = storage.nameFromObjectUrl(url);
  const key = name?.split("/")[1];
  return key && isImageKey(key) && name === imageObjects.incoming(key) ? imageUrlForKey(key) : url;
}

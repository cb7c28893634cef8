// Image rules: who may upload, what counts as an image, and how each storage gets one safely
// from the browser to the screen. 
import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import type { Db, Tx } from "../../db/database.js";
import { conflict, forbidden, HttpError, notFound } from "../../http/http-error.js";
import type { Logger } from "../../logger.js";
import {
  IMAGE_TOO_LARGE_MESSAGE,
  MAX_IMAGE_BYTES,
  UNSUPPORTED_IMAGE_MESSAGE,
  type ImageContentType,
} from "../../../shared/constants.js";
import {
  IMAGE_HEADER_BYTES,
  IMAGE_SNIFF_BYTES,
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
  imageSize,
  MAX_IMAGE_PIXELS,
  type ImageSize,
  sniffImageType,
} from "../../integrations/storage/image-types.js";
import { IMAGE_URL_PREFIX, imageObjects, imageUrlForKey, isImageKey } from "../../integrations/storage/image-urls.js";
import { ObjectTooLargeError, type ObjectStorage } from "../../integrations/storage/object-storage.js";
import { TooBusyError } from "../../http/concurrency-limit.js";
import {
  deleteObjectRows,
  findObject,
  insertPendingObject,
  insertStoredObject,
  lockUploadQuota,
  markObjectPending,
  markObjectStored,
  uploadUsageLastHour,
} from "./data.js";
import { COPY_WIDTHS, createThumbnailer, DEFAULT_THUMBNAIL_LIMITS, GALLERY_THUMBNAIL_WIDTH, isPixelLimitError, type ThumbnailLimits } from "./thumbnails.js";
import { DEFAULT_UPLOAD_QUOTA, fitsQuota, overQuota, type UploadQuota } from "./upload-quota.js";
import { uploadSigner } from "../../integrations/storage/upload-signature.js";

/** Upload URLs work for 15 minutes, in both storages. */

export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

const IMAGE_NOT_FOUND = "Image not found";
const LINK_USED = "This upload link has already been used. Please upload the image again.";
const tooLarge = () => new HttpError(413, IMAGE_TOO_LARGE_MESSAGE);
const unsupported = () => new HttpError(415, UNSUPPORTED_IMAGE_MESSAGE);
const tooManyPixels = () => new HttpError(413, IMAGE_TOO_MANY_PIXELS_MESSAGE);
const unreadable = () => new HttpError(422, "This image could not be read, so it cannot be shown");
const thumbnailsBusy = () => new HttpError(503, "Too many images are being prepared right now. Please try again in a moment.");

/**
 * Refuses an image whose header is unreadable or declares too many pixels (a decompression bomb);
 * returns its size, which the gallery shows.
 */
function checkedSize(size: ImageSize | null): ImageSize {
  if (size === null) throw unsupported();
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw tooManyPixels();
  return size;
}

/** What the route needs to answer with one stored object. */
export interface ServableImage {
  name: string;
  contentType: string;
  size: number;
  etag: string;
}

/** Limits tests may set small; production uses the defaults. */
export interface ImageServiceConfig {
  quota: UploadQuota;
  thumbnails: ThumbnailLimits;
}

export interface ImageServiceDeps {
  db: Db;
  storage: ObjectStorage;
  sessionSecret: string;
  logger: Logger;
  config?: Partial<ImageServiceConfig>;
}

export type ImageService = ReturnType<typeof createImageService>;

export function createImageService({ db, storage, sessionSecret, logger, config = {} }: ImageServiceDeps) {
  const signer = uploadSigner(sessionSecret);
  const quota = config.quota ?? DEFAULT_UPLOAD_QUOTA;
  // One per app, and server/index.ts builds one app per process.
  const thumbnailer = createThumbnailer(config.thumbnails ?? DEFAULT_THUMBNAIL_LIMITS);
  // Several requests for one new image (a grid showing it twice, a double click) share one
  // check or one thumbnail job instead of racing each other.
  const inFlight = new Map<string, Promise<unknown>>();
  const once = <T>(id: string, job: () => Promise<T>): Promise<T> => {
    const running = inFlight.get(id) as Promise<T> | undefined;
    if (running) return running;
    const started = job().finally(() => inFlight.delete(id));
    inFlight.set(id, started);
    return started;
  };

  /**
   * Runs `store` if `adding` fits what is left of the user's hourly quota. The check and the
   * write are one transaction under a per-user lock, so racing requests cannot both take the
   * last slot.
   */
  function withinQuota<T>(userId: number, adding: { uploads: number; bytes: number }, store: (tx: Tx) => Promise<T>) {
    return db.transaction(async (tx) => {
      await lockUploadQuota(tx, userId);
      if (!fitsQuota(await uploadUsageLastHour(tx, userId), quota, adding)) throw overQuota();
      return store(tx);
    });
  }

  async function issueUpload(userId: number): Promise<{ uploadURL: string; imageUrl: string }> {
    const key = randomUUID();
    // A URL is only worth issuing while some bytes are left too.
    await withinQuota(userId, { uploads: 1, bytes: 1 }, (tx) => insertPendingObject(tx, key, userId));
    const imageUrl = imageUrlForKey(key);
    if (storage.kind === "s3") {
      return { uploadURL: await storage.presignUpload(imageObjects.incoming(key), UPLOAD_URL_TTL_SECONDS), imageUrl };
    }
    const expires = Math.floor(Date.now() / 1000) + UPLOAD_URL_TTL_SECONDS;
    return { uploadURL: `${imageUrl}?${signer.query(key, expires)}`, imageUrl };
  }

  /** A local upload: the signed URL's bytes, checked while they stream in. */
  async function receiveUpload(
    key: string,
    query: Record<string, unknown>,
    body: Readable,
    upload: { userId: number; declaredLength: number | undefined },
  ): Promise<string> {
    if (storage.kind !== "local") throw new HttpError(405, "Uploads go straight to the storage bucket");
    const signature = signer.check(key, query);
    if (signature === "invalid") throw forbidden("This upload link is not valid");
    if (signature === "expired") throw new HttpError(410, "This upload link has expired. Please upload the image again.");
    const row = await findObject(db, key);
    if (!row) throw new HttpError(410, "This upload link is no longer valid. Please upload the image again.");
    if (row.userId !== upload.userId) throw forbidden("This upload link belongs to someone else");
    if (row.status === "stored") throw conflict(LINK_USED);
    if (upload.declaredLength !== undefined && upload.declaredLength > MAX_IMAGE_BYTES) throw tooLarge();
    // Refuse early what cannot fit the hour's byte quota; the check that counts comes below.
    const bytesLeft = quota.bytesPerHour - (await uploadUsageLastHour(db, upload.userId)).bytes;
    if (bytesLeft <= 0 || (upload.declaredLength ?? 0) > bytesLeft) throw overQuota();

    const cap = Math.min(MAX_IMAGE_BYTES, bytesLeft);
    const staged = await storage.stage(body, cap).catch((err: unknown) => {
      if (err instanceof ObjectTooLargeError) throw cap < MAX_IMAGE_BYTES ? overQuota() : tooLarge();
      throw err;
    });
    try {
      const contentType = sniffImageType(staged.head);
      if (!contentType) throw unsupported();
      const found = { contentType, size: staged.size, ...checkedSize(await imageSize(staged.file)) };
      const stored = await withinQuota(upload.userId, { uploads: 0, bytes: staged.size }, (tx) => markObjectStored(tx, key, found));
      if (!stored) throw conflict(LINK_USED);
    } catch (err) {
      await staged.discard();
      throw err;
    }
    try {
      await staged.commit(imageObjects.original(key));
    } catch (err) {
      await markObjectPending(db, key);
      await staged.discard();
      throw err;
    }
    return imageUrlForKey(key);
  }

  /** Size and type of a bucket object, refusing (and deleting) what is not an acceptable image. */
  async function inspectBucketObject(name: string): Promise<{ size: number; contentType: ImageContentType } | null> {
    const found = await storage.stat(name);
    if (!found) return null;
    const tooBig = found.size > MAX_IMAGE_BYTES;
    const contentType = tooBig ? null : sniffImageType(await storage.readHead(name, IMAGE_SNIFF_BYTES));
    if (contentType) return { size: found.size, contentType };
    await storage.delete(name);
    throw tooBig ? tooLarge() : unsupported();
  }

  /** The size a bucket object's header declares: from its first megabyte, or all of it if need be. */
  async function bucketObjectSize(name: string, size: number): Promise<ImageSize | null> {
    const found = await imageSize(await storage.readHead(name, IMAGE_HEADER_BYTES));
    if (found !== null || size <= IMAGE_HEADER_BYTES) return found;
    const whole = await storage.read(name);
    return whole && imageSize(Buffer.concat(await whole.toArray()));
  }

  /**
   * A presigned PUT can cap neither size nor type, so a direct bucket upload is checked the first
   * time anyone asks for it. The URL stays valid until it expires, so the bytes are moved out of
   * its reach first and the moved copy is the one checked. It counts
   * against the uploader's byte quota now, when its size is first known.
   */
  async function acceptBucketUpload(key: string, userId: number) {
    const incoming = imageObjects.incoming(key);
    const original = imageObjects.original(key);
    const first = await inspectBucketObject(incoming);
    if (!first) throw notFound(IMAGE_NOT_FOUND);
    await storage.move(incoming, original, first.contentType);
    const moved = await inspectBucketObject(original);
    if (!moved) throw notFound(IMAGE_NOT_FOUND);
    try {
      const dimensions = checkedSize(await bucketObjectSize(original, moved.size));
      await withinQuota(userId, { uploads: 0, bytes: moved.size }, (tx) => markObjectStored(tx, key, { ...moved, ...dimensions }));
    } catch (err) {
      await storage.delete(original);
      throw err;
    }
    return moved;
  }

  async function storedOriginal(key: string): Promise<ServableImage> {
    const row = await findObject(db, key);
    if (!row) throw notFound(IMAGE_NOT_FOUND);
    const servable = (found: { contentType: string; size: number }) => ({
      name: imageObjects.original(key),
      etag: `"${key}"`,
      ...found,
    });
    if (row.status === "stored") return servable({ contentType: row.contentType!, size: row.size! });
    // A local upload is checked as it arrives; a pending one has simply not arrived yet.
    if (storage.kind === "local") throw notFound(IMAGE_NOT_FOUND);
    return servable(await once(`accept:${key}`, () => acceptBucketUpload(key, row.userId)));
  }

  /** A WebP copy `width` wide (a card's, a gallery tile's, the public page's), made on first request and kept. */
  async function thumbnail(key: string, width: number): Promise<ServableImage> {
    // Only the widths the sweep knows of are made: any other would be stored for ever.
    if (!COPY_WIDTHS.includes(width)) throw notFound(IMAGE_NOT_FOUND);
    const original = await storedOriginal(key);
    const name = imageObjects.thumbnail(key, width);
    const servable = (size: number) => ({ name, contentType: "image/webp", size, etag: `"${key}-w${width}"` });
    const existing = await storage.stat(name);
    if (existing) return servable(existing.size);
    return once(`thumb:${key}:${width}`, async () => {
      const readOriginal = async () => {
        const stream = await storage.read(original.name);
        if (!stream) throw notFound(IMAGE_NOT_FOUND);
        return Buffer.concat(await stream.toArray());
      };
      // What the thumbnailer refuses is refused, never served as the original instead: a
      // browser would then decode the very bomb the server would not.
      const webp = await thumbnailer(readOriginal, width).catch((err: unknown) => {
        if (err instanceof HttpError) throw err;
        if (err instanceof TooBusyError) throw thumbnailsBusy();
        if (isPixelLimitError(err)) throw tooManyPixels();
        logger.warn({ err, key }, "could not make a thumbnail: the original does not decode");
        throw unreadable();
      });
      await storage.put(name, webp, "image/webp");
      return servable(webp.length);
    });
  }

  /**
   * Stores an image the server fetched itself from `sourceUrl` (flyer extraction) and returns its
   * URL. The upload keeps where it came from: a gallery photo made of it starts unconfirmed.
   */
  async function saveImage(userId: number, bytes: Buffer, sourceUrl: string): Promise<string> {
    if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge();
    const contentType = sniffImageType(bytes.subarray(0, IMAGE_SNIFF_BYTES));
    if (!contentType) throw unsupported();
    const dimensions = checkedSize(await imageSize(bytes));
    const key = randomUUID();
    const size = bytes.length;
    const row = { key, userId, contentType, size, sourceUrl, ...dimensions };
    await withinQuota(userId, { uploads: 1, bytes: size }, (tx) => insertStoredObject(tx, row));
    try {
      await storage.put(imageObjects.original(key), bytes, contentType);
    } catch (err) {
      await deleteObjectRows(db, [key]);
      throw err;
    }
    return imageUrlForKey(key);
  }

  /** The key of an address the upload flow hands out (`/api/objects/images/<key>`), else null. */
  const keyOfAppUrl = (url: string) => {
    const key = url.startsWith(IMAGE_URL_PREFIX) ? url.slice(IMAGE_URL_PREFIX.length) : "";
    return isImageKey(key) ? key : null;
  };

  /**
   * Whether `url` names an image this app's upload flow took: stored, or in a bucket issued and
   * maybe uploaded (a bucket upload is checked on its first read, storedOriginal above).
   */
  async function isUploadedImage(url: string): Promise<boolean> {
    const key = keyOfAppUrl(url);
    const row = key === null ? undefined : await findObject(db, key);
    return row !== undefined && (row.status === "stored" || storage.kind === "s3");
  }

  /**
   * The original bytes of one of this app's images, for documents the server makes (the flyer);
   * null for any other address (never fetched: the server does not follow a saved link) or an
   * image that is gone or was refused.
   */
  async function readAppImage(url: string): Promise<Buffer | null> {
    const key = keyOfAppUrl(url);
    if (key === null) return null;
    const original = await storedOriginal(key).catch((err: unknown) => {
      if (err instanceof HttpError) return null;
      throw err;
    });
    const stream = original && (await storage.read(original.name));
    return stream ? Buffer.concat(await stream.toArray()) : null;
  }

  /**
   * A copy for the world outside (the public page's photos and logo): always re-encoded, never
   * the original, so no EXIF, GPS position or other metadata leaves. To a visitor, a copy that
   * cannot be made (the original gone, undecodable or too large) is simply not there; a busy
   * server still says so (503).
   */
  async function publicCopy(key: string, width: number): Promise<ServableImage> {
    return thumbnail(key, width).catch((err: unknown) => {
      if (err instanceof HttpError && err.status !== 503) throw notFound(IMAGE_NOT_FOUND);
      throw err;
    });
  }

  return {
    issueUpload,
    receiveUpload,
    saveImage,
    isUploadedImage,
    readAppImage,
    /** The image to send for a GET: the original, or its thumbnail when a width is asked for. */
    servable: (key: string, width?: number) => (width ? thumbnail(key, width) : storedOriginal(key)),
    publicCopy,
    /** Makes a gallery photo's grid copy when it is added, so the grid never waits for it. */
    prepareGalleryImage: async (key: string) => {
      await thumbnail(key, GALLERY_THUMBNAIL_WIDTH);
    },
    read: (name: string) => storage.read(name),
  };
}
export { GALLERY_THUMBNAIL_WIDTH, LARGE_COPY_WIDTH, THUMBNAIL_WIDTH, THUMBNAIL_WIDTHS } from "./thumbnails.js";

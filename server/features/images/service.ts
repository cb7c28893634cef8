// Image rules: who may upload, what counts as an image, and how each storage gets one safely
// from the browser to the screen. See docs/decisions/020, 021 and 024.
import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import type { Db } from "../../db/database.js";
import { conflict, forbidden, HttpError, notFound } from "../../http/http-error.js";
import type { Logger } from "../../logger.js";
import {
  IMAGE_TOO_LARGE_MESSAGE,
  MAX_IMAGE_BYTES,
  UNSUPPORTED_IMAGE_MESSAGE,
  type ImageContentType,
} from "../../../shared/constants.js";
import { IMAGE_SNIFF_BYTES, sniffImageType } from "../../integrations/storage/image-types.js";
import { imageObjects, imageUrlForKey } from "../../integrations/storage/image-urls.js";
import { ObjectTooLargeError, type ObjectStorage } from "../../integrations/storage/object-storage.js";
import { findObject, insertPendingObject, insertStoredObject, markObjectPending, markObjectStored } from "./data.js";
import { makeThumbnail, THUMBNAIL_WIDTH } from "./thumbnails.js";
import { uploadSigner } from "./upload-signature.js";

/** Upload URLs work for 15 minutes, in both storages. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

const IMAGE_NOT_FOUND = "Image not found";
const LINK_USED = "This upload link has already been used. Please upload the image again.";
const tooLarge = () => new HttpError(413, IMAGE_TOO_LARGE_MESSAGE);
const unsupported = () => new HttpError(415, UNSUPPORTED_IMAGE_MESSAGE);

/** What the route needs to answer with one stored object. */
export interface ServableImage {
  name: string;
  contentType: string;
  size: number;
  etag: string;
}

export interface ImageServiceDeps {
  db: Db;
  storage: ObjectStorage;
  sessionSecret: string;
  logger: Logger;
}

export type ImageService = ReturnType<typeof createImageService>;

export function createImageService({ db, storage, sessionSecret, logger }: ImageServiceDeps) {
  const signer = uploadSigner(sessionSecret);
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

  async function issueUpload(userId: number): Promise<{ uploadURL: string; imageUrl: string }> {
    const key = randomUUID();
    await insertPendingObject(db, key, userId);
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

    const staged = await storage.stage(body, MAX_IMAGE_BYTES).catch((err: unknown) => {
      throw err instanceof ObjectTooLargeError ? tooLarge() : err;
    });
    const contentType = sniffImageType(staged.head);
    if (!contentType) {
      await staged.discard();
      throw unsupported();
    }
    if (!(await markObjectStored(db, key, { contentType, size: staged.size }))) {
      await staged.discard();
      throw conflict(LINK_USED);
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

  /**
   * A presigned PUT can cap neither size nor type, so a direct bucket upload is checked the first
   * time anyone asks for it. The URL stays valid until it expires, so the bytes are moved out of
   * its reach first and the moved copy is the one checked (docs/decisions/021).
   */
  async function acceptBucketUpload(key: string) {
    const incoming = imageObjects.incoming(key);
    const original = imageObjects.original(key);
    const first = await inspectBucketObject(incoming);
    if (!first) throw notFound(IMAGE_NOT_FOUND);
    await storage.move(incoming, original, first.contentType);
    const moved = await inspectBucketObject(original);
    if (!moved) throw notFound(IMAGE_NOT_FOUND);
    await markObjectStored(db, key, moved);
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
    return servable(await once(`accept:${key}`, () => acceptBucketUpload(key)));
  }

  /** The card-sized WebP copy, made on first request and kept. */
  async function thumbnail(key: string): Promise<ServableImage> {
    const original = await storedOriginal(key);
    const name = imageObjects.thumbnail(key, THUMBNAIL_WIDTH);
    const servable = (size: number) => ({ name, contentType: "image/webp", size, etag: `"${key}-w${THUMBNAIL_WIDTH}"` });
    const existing = await storage.stat(name);
    if (existing) return servable(existing.size);
    return once(`thumb:${key}`, async () => {
      const stream = await storage.read(original.name);
      if (!stream) throw notFound(IMAGE_NOT_FOUND);
      try {
        const webp = await makeThumbnail(Buffer.concat(await stream.toArray()));
        await storage.put(name, webp, "image/webp");
        return servable(webp.length);
      } catch (err) {
        // The bytes start like an image but do not decode: the browser may still manage.
        logger.warn({ err, key }, "could not make a thumbnail; serving the original");
        return original;
      }
    });
  }

  /** Stores an image the server fetched itself (flyer extraction) and returns its URL. */
  async function saveImage(userId: number, bytes: Buffer): Promise<string> {
    if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge();
    const contentType = sniffImageType(bytes.subarray(0, IMAGE_SNIFF_BYTES));
    if (!contentType) throw unsupported();
    const key = randomUUID();
    await storage.put(imageObjects.original(key), bytes, contentType);
    await insertStoredObject(db, { key, userId, contentType, size: bytes.length });
    return imageUrlForKey(key);
  }

  return {
    issueUpload,
    receiveUpload,
    saveImage,
    /** The image to send for a GET: the original, or its thumbnail when a width is asked for. */
    servable: (key: string, width?: number) => (width ? thumbnail(key) : storedOriginal(key)),
    read: (name: string) => storage.read(name),
  };
}

// A listing's photo gallery (docs/decisions/250-photo-gallery.md) and the rights to its images
// (docs/decisions/251-image-rights.md). The photos feature's public surface: the listings feature
// keeps the spec's single image in step through syncCoverWithImageUrl, and outside-facing output
// (the flyer, a public page) takes its pictures from confirmedPhotosForListing only.
import {
  MAX_PHOTOS_PER_LISTING,
  TOO_MANY_PHOTOS_MESSAGE,
  type AddPhoto,
  type PatchPhoto,
  type Photo,
} from "../../../shared/photos.js";
import type { AuditKind } from "../../../shared/audit.js";
import type { Db, Tx } from "../../db/database.js";
import { badRequest, notFound } from "../../http/http-error.js";
import { IMAGE_URL_PREFIX, isImageKey } from "../../integrations/storage/image-urls.js";
import { recordListingActivity } from "../audit/service.js";
import { GALLERY_THUMBNAIL_WIDTH } from "../images/service.js";
import {
  bumpListing,
  clearCover,
  deletePhoto,
  findConfirmedPhotos,
  findPhoto,
  findPhotoByUrl,
  findPhotos,
  findUpload,
  gallerySize,
  insertPhoto,
  listingExists,
  lockListing,
  setPositions,
  updatePhoto,
  type NewPhotoRow,
  type PhotoRow,
  type PhotoValues,
} from "./data.js";

export type { Photo };

const LISTING_NOT_FOUND = "Listing not found";
const PHOTO_NOT_FOUND = "That photo is not in this listing's gallery";
export const NOT_OUR_IMAGE = "Add an image uploaded here or taken from a flyer link (its url starts with /api/objects/images/)";
const NOT_UPLOADED_YET = "That image has not finished uploading. Please upload it again.";
const ALREADY_IN_GALLERY = "That image is already in this listing's gallery";
const NOT_A_PERMUTATION = "Send ids: every photo id of this listing exactly once, in the new order";

/** The upload key of one of this app's image urls, or null for any other address. */
export function imageKeyOf(url: string): string | null {
  if (!url.startsWith(IMAGE_URL_PREFIX)) return null;
  const key = url.slice(IMAGE_URL_PREFIX.length);
  return isImageKey(key) ? key : null;
}

/** A row as the API sends it: the grid's copy for our own images, the address itself for one kept elsewhere. */
export function toPhoto(row: PhotoRow): Photo {
  return {
    id: row.id,
    url: row.url,
    thumbnailUrl: imageKeyOf(row.url) ? `${row.url}?w=${GALLERY_THUMBNAIL_WIDTH}` : row.url,
    kind: row.kind,
    caption: row.caption,
    position: row.position,
    isCover: row.isCover,
    width: row.width,
    height: row.height,
    sourceUrl: row.sourceUrl,
    rightsConfirmed: row.rightsConfirmed,
  };
}

/**
 * The photos outside-facing output may show: confirmed ones only, the cover first, then in the
 * gallery's order. Whatever leaves the team takes its pictures from here, never from the gallery.
 */
export async function confirmedPhotosForListing(db: Db | Tx, listingId: string): Promise<Photo[]> {
  return (await findConfirmedPhotos(db, listingId)).map(toPhoto);
}

export async function listPhotos(db: Db, listingId: string): Promise<Photo[]> {
  const photos = await findPhotos(db, listingId);
  if (photos.length === 0 && !(await listingExists(db, listingId))) throw notFound(LISTING_NOT_FOUND);
  return photos.map(toPhoto);
}

/** The listing locked for a gallery change (404 when it is gone). */
async function lockedListing(tx: Tx, listingId: string) {
  const listing = await lockListing(tx, listingId);
  if (!listing) throw notFound(LISTING_NOT_FOUND);
  return listing;
}

async function photoOf(tx: Tx, listingId: string, photoId: number): Promise<PhotoRow> {
  const photo = await findPhoto(tx, listingId, photoId);
  if (!photo) throw notFound(PHOTO_NOT_FOUND);
  return photo;
}

/**
 * Where a new photo's image came from and what it is: an upload of ours keeps its size and the
 * flyer link it was pulled from (unconfirmed then); an address elsewhere (the spec lets a listing's
 * image be any web address) is its own source and waits for a person to confirm the right to use it.
 */
async function imageFacts(db: Db | Tx, url: string): Promise<Pick<NewPhotoRow, "width" | "height" | "sourceUrl" | "rightsConfirmed">> {
  const key = imageKeyOf(url);
  const upload = key ? await findUpload(db, key) : undefined;
  if (!upload) return { width: null, height: null, sourceUrl: url, rightsConfirmed: false };
  return { width: upload.width, height: upload.height, sourceUrl: upload.sourceUrl, rightsConfirmed: upload.sourceUrl === null };
}

/** Inserts a photo at the end of the gallery, refusing a 41st or the same image twice. */
async function appendPhoto(tx: Tx, listingId: string, values: Omit<NewPhotoRow, "listingId" | "position">): Promise<PhotoRow> {
  if (await findPhotoByUrl(tx, listingId, values.url)) throw badRequest(ALREADY_IN_GALLERY, { url: ALREADY_IN_GALLERY });
  const size = await gallerySize(tx, listingId);
  if (size.count >= MAX_PHOTOS_PER_LISTING) throw badRequest(TOO_MANY_PHOTOS_MESSAGE, { url: TOO_MANY_PHOTOS_MESSAGE });
  return insertPhoto(tx, { ...values, listingId, position: size.nextPosition });
}

/** The listing's image as the edit leaves it, as [before, after] when it changed. */
const imageChange = (before: string | null, after: string | null) => (before === after ? {} : { changes: { imageUrl: [before, after] } });

/**
 * Checks that `url` is an image this app stored (an upload or a flyer extraction) whose bytes have
 * arrived, before anything is written. `prepare` (the images feature) then makes the gallery's
 * copy once, which also accepts a bucket upload on first use and refuses what does not decode.
 */
export async function checkNewPhotoUrl(db: Db, url: string, prepare: (key: string) => Promise<void>): Promise<void> {
  const key = imageKeyOf(url);
  if (!key) throw badRequest(NOT_OUR_IMAGE, { url: NOT_OUR_IMAGE });
  const upload = await findUpload(db, key);
  if (!upload) throw badRequest(NOT_OUR_IMAGE, { url: NOT_OUR_IMAGE });
  await prepare(key).catch((err: unknown) => {
    // A local upload whose bytes never arrived is "not found" to the images feature.
    if ((err as { status?: number }).status === 404) throw badRequest(NOT_UPLOADED_YET, { url: NOT_UPLOADED_YET });
    throw err;
  });
}

/**
 * Adds a checked image (checkNewPhotoUrl) to the end of the gallery. The first photo of a listing
 * becomes its cover, and so the listing's image.
 */
export async function addPhoto(db: Db, listingId: string, input: AddPhoto, actorId: number | null): Promise<Photo> {
  return db.transaction(async (tx) => {
    const listing = await lockedListing(tx, listingId);
    const first = (await gallerySize(tx, listingId)).count === 0;
    const photo = await appendPhoto(tx, listingId, {
      url: input.url,
      kind: input.kind ?? "photo",
      caption: input.caption ?? "",
      isCover: first,
      createdById: actorId,
      ...(await imageFacts(tx, input.url)),
    });
    const imageUrl = first ? photo.url : listing.imageUrl;
    const version = await bumpListing(tx, listingId, first ? { imageUrl } : {}, actorId);
    await recordListingActivity(tx, {
      kind: "listing.photo-added",
      actorId,
      listingId,
      data: { photoId: photo.id, url: photo.url, ...(photo.sourceUrl && { sourceUrl: photo.sourceUrl }), version, ...imageChange(listing.imageUrl, imageUrl) },
    });
    return toPhoto(photo);
  });
}

/** What a PATCH changes about a photo besides the cover, each as [before, after]. */
function photoFieldChanges(photo: PhotoRow, patch: PatchPhoto): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  if (patch.kind !== undefined && patch.kind !== photo.kind) changes.kind = [photo.kind, patch.kind];
  if (patch.caption !== undefined && patch.caption !== photo.caption) changes.caption = [photo.caption, patch.caption];
  return changes;
}

/**
 * Changes a photo's kind, caption, cover mark or rights. Making it the cover makes its image the
 * listing's; taking the mark off the cover leaves the listing without an image (as clearing the
 * spec's image does). Each kind of change has its own timeline entry; a PATCH that changes
 * nothing writes nothing and leaves the listing's version alone.
 */
export async function patchPhoto(db: Db, listingId: string, photoId: number, patch: PatchPhoto, actorId: number | null): Promise<Photo> {
  return db.transaction(async (tx) => {
    const listing = await lockedListing(tx, listingId);
    const photo = await photoOf(tx, listingId, photoId);
    const values: PhotoValues = {};
    const fields = photoFieldChanges(photo, patch);
    if (fields.kind) values.kind = patch.kind;
    if (fields.caption) values.caption = patch.caption;
    const rightsChange = patch.rightsConfirmed !== undefined && patch.rightsConfirmed !== photo.rightsConfirmed;
    if (rightsChange) values.rightsConfirmed = patch.rightsConfirmed;
    const coverChange = patch.isCover !== undefined && patch.isCover !== photo.isCover;
    if (!coverChange && !rightsChange && Object.keys(fields).length === 0) return toPhoto(photo);

    if (coverChange && patch.isCover) await clearCover(tx, listingId);
    if (coverChange) values.isCover = patch.isCover;
    const updated = await updatePhoto(tx, photoId, values);
    const imageUrl = coverChange ? (patch.isCover ? photo.url : null) : listing.imageUrl;
    const version = await bumpListing(tx, listingId, coverChange ? { imageUrl } : {}, actorId);

    const entry = (kind: AuditKind, data: Record<string, unknown>) =>
      recordListingActivity(tx, { kind, actorId, listingId, data: { photoId, url: photo.url, version, ...data } });
    if (Object.keys(fields).length > 0) await entry("listing.photo-edited", { photo: fields });
    if (rightsChange) await entry(patch.rightsConfirmed ? "listing.photo-rights-confirmed" : "listing.photo-rights-withdrawn", {});
    if (coverChange) await entry("listing.photo-cover-changed", { isCover: patch.isCover, ...imageChange(listing.imageUrl, imageUrl) });
    return toPhoto(updated);
  });
}

/**
 * Deletes a photo. When it was the cover, the first photo left becomes the cover (and the
 * listing's image); the last photo going leaves the listing without one.
 */
export async function removePhoto(db: Db, listingId: string, photoId: number, actorId: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    const listing = await lockedListing(tx, listingId);
    const photo = await photoOf(tx, listingId, photoId);
    await deletePhoto(tx, photoId);
    let imageUrl = listing.imageUrl;
    if (photo.isCover) {
      const [next] = await findPhotos(tx, listingId);
      if (next) await updatePhoto(tx, next.id, { isCover: true });
      imageUrl = next?.url ?? null;
    }
    const version = await bumpListing(tx, listingId, photo.isCover ? { imageUrl } : {}, actorId);
    await recordListingActivity(tx, {
      kind: "listing.photo-removed",
      actorId,
      listingId,
      data: { photoId, url: photo.url, version, ...imageChange(listing.imageUrl, imageUrl) },
    });
  });
}

/**
 * Puts the gallery in the order of `ids`, which must name every photo of the listing exactly
 * once. Reorders of one listing run one after the other under its row lock, each checked
 * against the gallery as the one before left it: the last complete order wins, never a mix.
 */
export async function reorderPhotos(db: Db, listingId: string, ids: number[], actorId: number | null): Promise<Photo[]> {
  return db.transaction(async (tx) => {
    await lockedListing(tx, listingId);
    const photos = await findPhotos(tx, listingId);
    const current = photos.map((p) => p.id);
    const permutation = ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));
    if (!permutation) throw badRequest(NOT_A_PERMUTATION, { ids: NOT_A_PERMUTATION });
    if (ids.some((id, i) => id !== current[i])) {
      await setPositions(tx, listingId, ids);
      const version = await bumpListing(tx, listingId, {}, actorId);
      await recordListingActivity(tx, { kind: "listing.photos-reordered", actorId, listingId, data: { order: ids, version } });
    }
    return (await findPhotos(tx, listingId)).map(toPhoto);
  });
}

/**
 * Keeps the gallery in step with the spec's single image, in the transaction of a listing's
 * create or edit that set `imageUrl` (the listing's row is already written and locked; its own
 * timeline entry tells of the image). A new image becomes the cover, added to the gallery if it
 * is not in it yet; clearing the image takes the cover mark off and keeps the photo in the gallery.
 */
export async function syncCoverWithImageUrl(tx: Tx, listingId: string, imageUrl: string | null, actorId: number | null): Promise<void> {
  await clearCover(tx, listingId);
  if (imageUrl === null) return;
  const existing = await findPhotoByUrl(tx, listingId, imageUrl);
  if (existing) {
    await updatePhoto(tx, existing.id, { isCover: true });
    return;
  }
  await appendPhoto(tx, listingId, { url: imageUrl, kind: "photo", caption: "", isCover: true, createdById: actorId, ...(await imageFacts(tx, imageUrl)) });
}

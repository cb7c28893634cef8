import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/database.js";
import { listingPhotos, listings, uploadedObjects } from "../../db/tables.js";
import { nextVersion } from "../../db/versioning.js";

export type PhotoRow = typeof listingPhotos.$inferSelect;
export type NewPhotoRow = typeof listingPhotos.$inferInsert;
export type PhotoValues = Partial<Pick<PhotoRow, "kind" | "caption" | "isCover" | "rightsConfirmed">>;

/** A gallery's order: by position, then the older photo first (positions are rewritten whole). */
const inOrder = [asc(listingPhotos.position), asc(listingPhotos.id)];

/**
 * The listing's row, locked until the transaction ends: every gallery change of one listing runs
 * after the one before it has committed, so two reorders never interleave and the 40-photo cap
 * and the one cover hold under concurrent requests.
 */
export async function lockListing(tx: Tx, listingId: string): Promise<{ imageUrl: string | null; version: number } | undefined> {
  const [row] = await tx
    .select({ imageUrl: listings.imageUrl, version: listings.version })
    .from(listings)
    .where(eq(listings.id, listingId))
    .for("update");
  return row;
}

/** Bumps the listing's version (its ETag, and the change event lists and open screens hear); returns the new version. */
export async function bumpListing(tx: Tx, listingId: string, values: { imageUrl?: string | null }, by: number | null): Promise<number> {
  const [row] = await tx
    .update(listings)
    .set({ ...values, ...nextVersion(listings.version, by) })
    .where(eq(listings.id, listingId))
    .returning({ version: listings.version });
  return row.version;
}

export async function listingExists(db: Db, listingId: string): Promise<boolean> {
  const [row] = await db.select({ id: listings.id }).from(listings).where(eq(listings.id, listingId));
  return row !== undefined;
}

export function findPhotos(db: Db | Tx, listingId: string): Promise<PhotoRow[]> {
  return db
    .select()
    .from(listingPhotos)
    .where(eq(listingPhotos.listingId, listingId))
    .orderBy(...inOrder);
}

/** Confirmed photos only, the cover first, then in the gallery's order. */
export function findConfirmedPhotos(db: Db | Tx, listingId: string): Promise<PhotoRow[]> {
  return db
    .select()
    .from(listingPhotos)
    .where(and(eq(listingPhotos.listingId, listingId), eq(listingPhotos.rightsConfirmed, true)))
    .orderBy(desc(listingPhotos.isCover), ...inOrder);
}

export async function findPhoto(db: Db | Tx, listingId: string, photoId: number): Promise<PhotoRow | undefined> {
  const [row] = await db
    .select()
    .from(listingPhotos)
    .where(and(eq(listingPhotos.id, photoId), eq(listingPhotos.listingId, listingId)));
  return row;
}

export async function findPhotoByUrl(db: Db | Tx, listingId: string, url: string): Promise<PhotoRow | undefined> {
  const [row] = await db
    .select()
    .from(listingPhotos)
    .where(and(eq(listingPhotos.listingId, listingId), eq(listingPhotos.url, url)))
    .orderBy(...inOrder)
    .limit(1);
  return row;
}

/** How many photos the listing has, and the position after its last one. */
export async function gallerySize(db: Db | Tx, listingId: string): Promise<{ count: number; nextPosition: number }> {
  const [row] = await db
    .select({ count: count(), last: sql<number | null>`max(${listingPhotos.position})` })
    .from(listingPhotos)
    .where(eq(listingPhotos.listingId, listingId));
  return { count: row.count, nextPosition: row.last === null ? 0 : Number(row.last) + 1 };
}

export async function insertPhoto(db: Db | Tx, values: NewPhotoRow): Promise<PhotoRow> {
  const [row] = await db.insert(listingPhotos).values(values).returning();
  return row;
}

export async function updatePhoto(db: Db | Tx, photoId: number, values: PhotoValues): Promise<PhotoRow> {
  const [row] = await db.update(listingPhotos).set(values).where(eq(listingPhotos.id, photoId)).returning();
  return row;
}

export async function deletePhoto(db: Db | Tx, photoId: number): Promise<void> {
  await db.delete(listingPhotos).where(eq(listingPhotos.id, photoId));
}

/** Takes the cover mark off whichever photo of the listing has it. */
export async function clearCover(db: Db | Tx, listingId: string): Promise<void> {
  await db
    .update(listingPhotos)
    .set({ isCover: false })
    .where(and(eq(listingPhotos.listingId, listingId), eq(listingPhotos.isCover, true)));
}

/** Positions 0, 1, 2… in the order of `ids`, in one statement. */
export async function setPositions(db: Db | Tx, listingId: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const position = sql`array_position(${sql.raw("ARRAY[")}${sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  )}${sql.raw("]")}, ${listingPhotos.id}) - 1`;
  await db
    .update(listingPhotos)
    .set({ position })
    .where(and(eq(listingPhotos.listingId, listingId), inArray(listingPhotos.id, ids)));
}

/** What the images feature recorded about an upload: whether its bytes arrived, its size, where it came from. */
export async function findUpload(
  db: Db | Tx,
  key: string,
): Promise<{ status: string; width: number | null; height: number | null; sourceUrl: string | null } | undefined> {
  const [row] = await db
    .select({ status: uploadedObjects.status, width: uploadedObjects.width, height: uploadedObjects.height, sourceUrl: uploadedObjects.sourceUrl })
    .from(uploadedObjects)
    .where(eq(uploadedObjects.key, key));
  return row;
}

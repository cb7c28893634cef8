import { and, asc, count, eq, gt, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { brand, listingPhotos, listings, uploadedObjects } from "../../db/tables.js";
import type { Db, Tx } from "../../db/database.js";
import type { UploadUsage } from "./upload-quota.js";

export type UploadedObject = typeof uploadedObjects.$inferSelect;

export async function insertPendingObject(db: Db | Tx, key: string, userId: number): Promise<void> {
  await db.insert(uploadedObjects).values({ key, userId, status: "pending" });
}

export async function insertStoredObject(
  db: Db | Tx,
  values: { key: string; userId: number; contentType: string; size: number; width: number; height: number; sourceUrl: string },
): Promise<void> {
  await db.insert(uploadedObjects).values({ ...values, status: "stored" });
}

export async function findObject(db: Db, key: string): Promise<UploadedObject | undefined> {
  const [row] = await db.select().from(uploadedObjects).where(eq(uploadedObjects.key, key));
  return row;
}

/**
 * Marks a pending object stored. The condition is part of the UPDATE, so of two uploads racing
 * with one URL exactly one gets the row back.
 */
export async function markObjectStored(
  db: Db | Tx,
  key: string,
  found: { contentType: string; size: number; width: number; height: number },
): Promise<UploadedObject | undefined> {
  const [row] = await db
    .update(uploadedObjects)
    .set({ status: "stored", ...found })
    .where(and(eq(uploadedObjects.key, key), eq(uploadedObjects.status, "pending")))
    .returning();
  return row;
}

/** Undoes markObjectStored when the bytes could not be put in place after all. */
export async function markObjectPending(db: Db, key: string): Promise<void> {
  await db
    .update(uploadedObjects)
    .set({ status: "pending", contentType: null, size: null, width: null, height: null })
    .where(eq(uploadedObjects.key, key));
}

// Any constant works: it keeps upload-quota locks apart from other advisory locks.
const UPLOAD_QUOTA_LOCK = 7_240_121;

/**
 * Holds until the transaction ends, so one user's quota checks run one at a time and two
 * uploads racing cannot both fit in the last slot.
 */
export async function lockUploadQuota(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${UPLOAD_QUOTA_LOCK}, ${userId})`);
}

/** Upload rows and stored bytes of the user's in the hour before the database's now(). */
export async function uploadUsageLastHour(db: Db | Tx, userId: number): Promise<UploadUsage> {
  const [row] = await db
    .select({ uploads: count(), bytes: sql<string>`coalesce(sum(${uploadedObjects.size}), 0)` })
    .from(uploadedObjects)
    .where(and(eq(uploadedObjects.userId, userId), gt(uploadedObjects.createdAt, sql`now() - interval '1 hour'`)));
  return { uploads: row.uploads, bytes: Number(row.bytes) };
}

// An image is in use while a listing's image_url, a gallery photo or the brand's logo names its key.
// Keys are UUIDs, so finding one anywhere in the URL also covers full addresses and bucket URLs a
// client may have saved.
const UUID_PATTERN = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/** The oldest uploads created before `createdBefore` that no listing uses, up to `limit`. */
export async function findUnusedObjects(db: Db, opts: { createdBefore: Date; limit: number }): Promise<string[]> {
  const used = unionAll(
    db
      .select({ key: sql<string>`substring(${listings.imageUrl} from ${UUID_PATTERN})`.as("key") })
      .from(listings)
      .where(isNotNull(listings.imageUrl)),
    db.select({ key: sql<string>`substring(${listingPhotos.url} from ${UUID_PATTERN})`.as("key") }).from(listingPhotos),
  ).as("used");
  const rows = await db
    .select({ key: uploadedObjects.key })
    .from(uploadedObjects)
    .where(
      and(
        lt(uploadedObjects.createdAt, opts.createdBefore),
        sql`not exists (select 1 from ${used} where ${used.key} = ${uploadedObjects.key})`,
        sql`not exists (select 1 from ${brand} where substring(${brand.logoUrl} from ${UUID_PATTERN}) = ${uploadedObjects.key})`,
      ),
    )
    .orderBy(asc(uploadedObjects.createdAt))
    .limit(opts.limit);
  return rows.map((r) => r.key);
}

export async function deleteObjectRows(db: Db, keys: string[]): Promise<void> {
  if (keys.length) await db.delete(uploadedObjects).where(inArray(uploadedObjects.key, keys));
}

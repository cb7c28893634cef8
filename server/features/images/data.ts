import { and, eq } from "drizzle-orm";
import { uploadedObjects } from "../../db/tables.js";
import type { Db } from "../../db/database.js";

export type UploadedObject = typeof uploadedObjects.$inferSelect;

export async function insertPendingObject(db: Db, key: string, userId: number): Promise<void> {
  await db.insert(uploadedObjects).values({ key, userId, status: "pending" });
}

export async function insertStoredObject(
  db: Db,
  values: { key: string; userId: number; contentType: string; size: number },
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
  db: Db,
  key: string,
  found: { contentType: string; size: number },
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
    .set({ status: "pending", contentType: null, size: null })
    .where(eq(uploadedObjects.key, key));
}

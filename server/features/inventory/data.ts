import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/database.js";
import { inventorySettings, listingPhotos } from "../../db/tables.js";

export interface StoredInventorySettings {
  indexable: boolean;
  embedOrigins: string[];
}

export async function findInventorySettings(db: Db | Tx): Promise<StoredInventorySettings> {
  const [row] = await db.select({ indexable: inventorySettings.indexable, embedOrigins: inventorySettings.embedOrigins }).from(inventorySettings).where(eq(inventorySettings.id, 1));
  return row ?? { indexable: false, embedOrigins: [] };
}

export async function saveInventorySettings(tx: Tx, values: Partial<StoredInventorySettings>, actorId: number): Promise<void> {
  await tx
    .insert(inventorySettings)
    .values({ ...values, updatedById: actorId })
    .onConflictDoUpdate({ target: inventorySettings.id, set: { ...values, updatedById: actorId, updatedAt: new Date() } });
}

/** Each listing's cover among its rights-confirmed photos (the first in the gallery when none is the cover). */
export async function findCovers(db: Db, listingIds: string[]): Promise<Map<string, number>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db
    .select({ id: listingPhotos.id, listingId: listingPhotos.listingId })
    .from(listingPhotos)
    .where(and(inArray(listingPhotos.listingId, listingIds), eq(listingPhotos.rightsConfirmed, true)))
    .orderBy(asc(listingPhotos.listingId), desc(listingPhotos.isCover), asc(listingPhotos.position), asc(listingPhotos.id));
  const covers = new Map<string, number>();
  for (const r of rows) if (!covers.has(r.listingId)) covers.set(r.listingId, r.id);
  return covers;
}

import { sql } from "drizzle-orm";
import { listings } from "../../db/tables.js";
import type { Db } from "../../db/database.js";
import type { BulkUpdates } from "./rules.js";

/** One statement, so either every listing changes or none does. Returns how many changed. */
export async function updateListingsByIds(db: Db, ids: string[], updates: BulkUpdates): Promise<number> {
  const rows = await db
    .update(listings)
    .set({ ...updates, updatedAt: sql`now()` })
    .where(sql`${listings.id} = any(${sql.param(ids)}::text[])`)
    .returning({ id: listings.id });
  return rows.length;
}

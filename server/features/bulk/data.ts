import { sql } from "drizzle-orm";
import { listings } from "../../db/tables.js";
import type { Db, Tx } from "../../db/database.js";
import { nextVersion } from "../../db/versioning.js";
import type { BulkUpdates } from "./rules.js";

/** One statement, so either every listing changes or none does. Returns the ids it changed. */
export async function updateListingsByIds(db: Db | Tx, ids: string[], updates: BulkUpdates, by: number | null): Promise<string[]> {
  const rows = await db
    .update(listings)
    .set({ ...updates, ...nextVersion(listings.version, by) })
    .where(sql`${listings.id} = any(${sql.param(ids)}::text[])`)
    .returning({ id: listings.id });
  return rows.map((r) => r.id);
}

/** How many of these listings were listed after `date` (an expiration may not come before it). */
export async function countListedAfter(db: Db | Tx, ids: string[], date: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listings)
    .where(sql`${listings.id} = any(${sql.param(ids)}::text[]) and ${listings.listingDate} > ${date}::date`);
  return row.n;
}

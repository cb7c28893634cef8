import { sql, type Column } from "drizzle-orm";
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

/**
 * The listed fields of these listings, locked until the transaction ends: what a bulk edit
 * overwrites, or what an undo finds there now. Listings that are gone are missing.
 */
export async function lockListingFields(tx: Tx, ids: string[], fields: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
  const columns = listings as unknown as Record<string, Column>;
  const picked = Object.fromEntries(fields.filter((f) => f in columns).map((f) => [f, columns[f]]));
  const rows = await tx
    .select({ id: listings.id, ...picked })
    .from(listings)
    .where(sql`${listings.id} = any(${sql.param(ids)}::text[])`)
    .for("update");
  return new Map(rows.map(({ id, ...values }) => [id as string, values as Record<string, unknown>]));
}

/** Listings' fields set back to the same values (an undo): their versions go up like any edit. */
export async function setListingFields(tx: Tx, ids: string[], values: Record<string, unknown>, by: number | null): Promise<void> {
  await tx
    .update(listings)
    .set({ ...values, ...nextVersion(listings.version, by) })
    .where(sql`${listings.id} = any(${sql.param(ids)}::text[])`);
}

import { and, count, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/database.js";
import { inquiries, listingPublications, publicPageDays, publicPageVisitors } from "../../db/tables.js";

export type PublicationRow = typeof listingPublications.$inferSelect;

export async function findPublication(db: Db | Tx, listingId: string, opts: { lock?: boolean } = {}): Promise<PublicationRow | undefined> {
  const query = db.select().from(listingPublications).where(eq(listingPublications.listingId, listingId));
  const [row] = await (opts.lock ? query.for("update") : query);
  return row;
}

/** The published pages' tokens of these listings (for the links their posts carry). */
export async function findPublishedTokens(db: Db | Tx, listingIds: string[]): Promise<Pick<PublicationRow, "listingId" | "token">[]> {
  if (listingIds.length === 0) return [];
  return db
    .select({ listingId: listingPublications.listingId, token: listingPublications.token })
    .from(listingPublications)
    .where(and(inArray(listingPublications.listingId, listingIds), eq(listingPublications.published, true)));
}

export async function findPublicationByToken(db: Db | Tx, token: string): Promise<PublicationRow | undefined> {
  const [row] = await db.select().from(listingPublications).where(eq(listingPublications.token, token));
  return row;
}

/** Creates the unpublished row with this token unless one exists (two first calls make one). */
export async function insertPublication(tx: Tx, listingId: string, token: string): Promise<void> {
  await tx.insert(listingPublications).values({ listingId, token }).onConflictDoNothing({ target: listingPublications.listingId });
}

export async function updatePublication(
  tx: Tx,
  listingId: string,
  values: Partial<Pick<PublicationRow, "published" | "indexable" | "token" | "publishedAt">>,
): Promise<PublicationRow> {
  const [row] = await tx
    .update(listingPublications)
    .set({ ...values, version: sql`${listingPublications.version} + 1`, updatedAt: sql`now()` })
    .where(eq(listingPublications.listingId, listingId))
    .returning();
  return row;
}

/** The tokens of the pages search engines may index (for /sitemap.xml), with when each last changed. */
export async function findIndexablePublications(db: Db): Promise<Pick<PublicationRow, "listingId" | "token" | "updatedAt">[]> {
  return db
    .select({ listingId: listingPublications.listingId, token: listingPublications.token, updatedAt: listingPublications.updatedAt })
    .from(listingPublications)
    .where(sql`${listingPublications.published} and ${listingPublications.indexable}`);
}

/** Adds counted views and flyer downloads to their days. */
export async function addPageDays(db: Db, rows: { listingId: string; day: string; views: number; flyerDownloads: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(publicPageDays)
    .values(rows)
    .onConflictDoUpdate({
      target: [publicPageDays.listingId, publicPageDays.day],
      set: { views: sql`${publicPageDays.views} + excluded.views`, flyerDownloads: sql`${publicPageDays.flyerDownloads} + excluded.flyer_downloads` },
    });
}

export async function addPageVisitors(db: Db, rows: { listingId: string; day: string; visitor: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(publicPageVisitors).values(rows).onConflictDoNothing();
}

/** A listing's figures per day since `since` (YYYY-MM-DD): views, downloads, distinct visitors, inquiries. */
export async function findPageFigures(db: Db, listingId: string, since: string) {
  const [days, visitors, asked] = await Promise.all([
    db
      .select({ day: publicPageDays.day, views: publicPageDays.views, flyerDownloads: publicPageDays.flyerDownloads })
      .from(publicPageDays)
      .where(and(eq(publicPageDays.listingId, listingId), gte(publicPageDays.day, since))),
    db
      .select({ day: publicPageVisitors.day, n: count() })
      .from(publicPageVisitors)
      .where(and(eq(publicPageVisitors.listingId, listingId), gte(publicPageVisitors.day, since)))
      .groupBy(publicPageVisitors.day),
    db
      .select({ day: sql<string>`to_char(${inquiries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`, n: count() })
      .from(inquiries)
      .where(and(eq(inquiries.listingId, listingId), gte(inquiries.createdAt, sql`${since}::date`)))
      .groupBy(sql`1`),
  ]);
  return { days, visitors, inquiries: asked };
}

import { and, count, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/database.js";
import { inquiries, listingPublications, publicPageDays, publicPageDownloaders, publicPageVisitors } from "../../db/tables.js";

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
  values: Partial<Pick<PublicationRow, "published" | "indexable" | "flyerGate" | "inventory" | "syndicate" | "token" | "publishedAt">>,
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

/** A person's visit to a page: the page, the day, the daily-salted visitor hash, and when. */
export interface PageVisit {
  listingId: string;
  day: string;
  visitor: string;
  at: Date;
}

// Rows per statement: far below PostgreSQL's 65,535 parameters, and a statement small enough to
// build and send at any batch size (50,000 rows in one statement overflowed the stack).
const CHUNK_ROWS = 1_000;

function chunksOf<T>(rows: T[]): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) chunks.push(rows.slice(i, i + CHUNK_ROWS));
  return chunks;
}

// Every writer locks rows in one order (page, day, visitor), so two app servers writing the same
// visitors at once wait for each other rather than deadlock.
const byRow = (a: PageVisit, b: PageVisit) =>
  a.listingId.localeCompare(b.listingId) || a.day.localeCompare(b.day) || a.visitor.localeCompare(b.visitor);

/** Adds what the database counted to the pages' days (locked in order, after the visitors). */
async function addPageDays(tx: Tx, counted: { listingId: string; day: string }[], kind: "views" | "flyerDownloads"): Promise<void> {
  const sums = new Map<string, { listingId: string; day: string; views: number; flyerDownloads: number }>();
  for (const { listingId, day } of counted) {
    const slot = `${listingId} ${day}`;
    const sum = sums.get(slot) ?? { listingId, day, views: 0, flyerDownloads: 0 };
    sum[kind] += 1;
    sums.set(slot, sum);
  }
  if (sums.size === 0) return;
  await tx
    .insert(publicPageDays)
    .values([...sums.values()].sort((a, b) => a.listingId.localeCompare(b.listingId) || a.day.localeCompare(b.day)))
    .onConflictDoUpdate({
      target: [publicPageDays.listingId, publicPageDays.day],
      set: { views: sql`${publicPageDays.views} + excluded.views`, flyerDownloads: sql`${publicPageDays.flyerDownloads} + excluded.flyer_downloads` },
    });
}

/**
 * Counts the views that are new: a visitor's first view of a page that day, or one at least
 * `gapSeconds` after their last counted view. The visitor's row decides (its key and the time
 * in it), so several app servers writing the same visitor count them once.
 */
export async function addPageViews(db: Db, visits: PageVisit[], gapSeconds: number): Promise<void> {
  for (const chunk of chunksOf([...visits].sort(byRow))) {
    await db.transaction(async (tx) => {
      const counted = await tx
        .insert(publicPageVisitors)
        .values(chunk.map((v) => ({ listingId: v.listingId, day: v.day, visitor: v.visitor, lastViewAt: v.at })))
        .onConflictDoUpdate({
          target: [publicPageVisitors.listingId, publicPageVisitors.day, publicPageVisitors.visitor],
          set: { lastViewAt: sql`excluded.last_view_at` },
          setWhere: sql`excluded.last_view_at >= ${publicPageVisitors.lastViewAt} + make_interval(secs => ${gapSeconds})`,
        })
        .returning({ listingId: publicPageVisitors.listingId, day: publicPageVisitors.day });
      await addPageDays(tx, counted, "views");
    });
  }
}

/** Counts the flyer downloads that are new: a visitor's first of a page that day (likewise across servers). */
export async function addFlyerDownloads(db: Db, visits: PageVisit[]): Promise<void> {
  for (const chunk of chunksOf([...visits].sort(byRow))) {
    await db.transaction(async (tx) => {
      const counted = await tx
        .insert(publicPageDownloaders)
        .values(chunk.map((v) => ({ listingId: v.listingId, day: v.day, visitor: v.visitor })))
        .onConflictDoNothing()
        .returning({ listingId: publicPageDownloaders.listingId, day: publicPageDownloaders.day });
      await addPageDays(tx, counted, "flyerDownloads");
    });
  }
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

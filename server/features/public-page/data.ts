import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/database.js";
import { listingPublications } from "../../db/tables.js";

export type PublicationRow = typeof listingPublications.$inferSelect;

export async function findPublication(db: Db | Tx, listingId: string, opts: { lock?: boolean } = {}): Promise<PublicationRow | undefined> {
  const query = db.select().from(listingPublications).where(eq(listingPublications.listingId, listingId));
  const [row] = await (opts.lock ? query.for("update") : query);
  return row;
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

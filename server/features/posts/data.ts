import { eq, inArray, sql } from "drizzle-orm";
import type { ListingPost } from "../../../shared/posts.js";
import { type Listing } from "../../../shared/schema.js";
import { listings } from "../../db/tables.js";
import type { Db, Tx } from "../../db/database.js";

// Only the posts columns are written, so an edit of the listing saved meanwhile is never undone.
// The texts go to ai_generated_posts too (the spec's list) in the same statement, so the two
// never disagree. Posts are not listing content: the row's version stays as it is.
const postsColumns = (posts: ListingPost[]) => ({ posts, aiGeneratedPosts: posts.map((p) => p.text), updatedAt: sql`now()` });

export interface WrittenSet {
  posts: ListingPost[];
  writer: string;
  /** postsSourceKey() of the listing as the writer saw it. */
  source: string;
}

/** Stores a freshly written set of posts and marks them ready; undefined when the listing is gone. */
export async function storeWrittenPosts(db: Db | Tx, id: string, set: WrittenSet): Promise<Listing | undefined> {
  const [row] = await db
    .update(listings)
    .set({ ...postsColumns(set.posts), postsWriter: set.writer, postsWrittenAt: sql`now()`, postsSource: set.source, postsStatus: "ready" })
    .where(eq(listings.id, id))
    .returning();
  return row;
}

/**
 * Changes some posts of a listing (an edit, a date, one post written again), reading and writing
 * under a row lock so that two changes at once both land. `change` answers the new list, or
 * throws to change nothing. Undefined when the listing is gone.
 */
export async function changePosts(
  db: Db,
  id: string,
  change: (posts: ListingPost[]) => ListingPost[] | Promise<ListingPost[]>,
  /** Written in the same transaction as the change (the listing's timeline entry). */
  alongside?: (tx: Tx) => Promise<void>,
): Promise<Listing | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ posts: listings.posts }).from(listings).where(eq(listings.id, id)).for("update");
    if (!current) return undefined;
    const [row] = await tx.update(listings).set(postsColumns(await change(current.posts))).where(eq(listings.id, id)).returning();
    await alongside?.(tx);
    return row;
  });
}

/** The stored posts, or undefined when the listing is gone. */
export async function findPosts(db: Db, id: string): Promise<ListingPost[] | undefined> {
  const [row] = await db.select({ posts: listings.posts }).from(listings).where(eq(listings.id, id));
  return row?.posts;
}

/** Marks the posts as being written in the background; undefined when the listing is gone. */
export async function markPostsPending(db: Db | Tx, id: string): Promise<Listing | undefined> {
  const [row] = await db.update(listings).set({ postsStatus: "pending" }).where(eq(listings.id, id)).returning();
  return row;
}

// A statement takes at most 65,535 parameters: an import of 100,000 listings is marked in steps.
const MARK_STEP = 10_000;

/** Marks many listings' posts as being written in the background (imported listings). */
export async function markManyPostsPending(tx: Tx, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += MARK_STEP) {
    await tx.update(listings).set({ postsStatus: "pending" }).where(inArray(listings.id, ids.slice(i, i + MARK_STEP)));
  }
}

/** The listings of ids that still exist, whole, for a writer. */
export async function listListingsByIds(db: Db, ids: string[]): Promise<Listing[]> {
  return ids.length ? db.select().from(listings).where(inArray(listings.id, ids)) : [];
}

/** Listings whose background writing never finished (the server stopped first). */
export async function listListingsWithPendingPosts(db: Db): Promise<Listing[]> {
  return db.select().from(listings).where(eq(listings.postsStatus, "pending"));
}

import { eq, sql } from "drizzle-orm";
import { type Listing } from "../../../shared/schema.js";
import { listings } from "../../db/tables.js";
import type { Db, Tx } from "../../db/database.js";

// Only the posts columns are written, so an edit saved while a model writes is never undone.

/** Stores a fresh set of posts and marks them ready; undefined when the listing is gone. */
export async function savePosts(db: Db | Tx, id: string, posts: string[]): Promise<Listing | undefined> {
  const [row] = await db
    .update(listings)
    .set({ aiGeneratedPosts: posts, postsStatus: "ready", updatedAt: sql`now()` })
    .where(eq(listings.id, id))
    .returning();
  return row;
}

/** Marks the posts as being written in the background; undefined when the listing is gone. */
export async function markPostsPending(db: Db, id: string): Promise<Listing | undefined> {
  const [row] = await db.update(listings).set({ postsStatus: "pending" }).where(eq(listings.id, id)).returning();
  return row;
}

/** Listings whose background writing never finished (the server stopped first). */
export async function listListingsWithPendingPosts(db: Db): Promise<Listing[]> {
  return db.select().from(listings).where(eq(listings.postsStatus, "pending"));
}

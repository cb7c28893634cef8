import { eq } from "drizzle-orm";
import { type Listing } from "../../../shared/schema.js";
import { listings } from "../../db/tables.js";
import type { Db, Tx } from "../../db/database.js";
import { nextVersion } from "../../db/versioning.js";

// Only the posts columns are written, so an edit saved while a model writes is never undone; the
// version still goes up (an editor's If-Match must see the posts changed). `by` is who asked for
// them; undefined (a background writer) leaves the last editor.

/** Stores a fresh set of posts and marks them ready; undefined when the listing is gone. */
export async function savePosts(db: Db | Tx, id: string, posts: string[], by?: number | null): Promise<Listing | undefined> {
  const [row] = await db
    .update(listings)
    .set({ aiGeneratedPosts: posts, postsStatus: "ready", ...nextVersion(listings.version, by) })
    .where(eq(listings.id, id))
    .returning();
  return row;
}

/** Marks the posts as being written in the background; undefined when the listing is gone. */
export async function markPostsPending(db: Db, id: string, by?: number): Promise<Listing | undefined> {
  const [row] = await db
    .update(listings)
    .set({ postsStatus: "pending", ...nextVersion(listings.version, by) })
    .where(eq(listings.id, id))
    .returning();
  return row;
}

/** Listings whose background writing never finished (the server stopped first). */
export async function listListingsWithPendingPosts(db: Db): Promise<Listing[]> {
  return db.select().from(listings).where(eq(listings.postsStatus, "pending"));
}

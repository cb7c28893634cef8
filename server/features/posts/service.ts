// Writing a listing's posts: at once with the built-in writer, in the background with a remote
// model (the listing says "pending" meanwhile). See docs/decisions/030-posts-writing.md.
import type { Listing, ListingWithMeta } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { notFound } from "../../http/http-error.js";
import { createBuiltInWriter } from "../../integrations/posts/built-in-writer.js";
import type { PostsWriter } from "../../integrations/posts/posts-writer.js";
import type { Logger } from "../../logger.js";
import { recordListingActivity } from "../audit/service.js";
import { getListing } from "../listings/service.js";
import { listListingsWithPendingPosts, markPostsPending, savePosts } from "./data.js";

export interface PostsContext {
  db: Db;
  writer: PostsWriter;
  logger: Logger;
}

const LISTING_NOT_FOUND = "Listing not found";
// The last resort if a writer breaks its promise never to fail: posts always end up "ready".
const lastResort = createBuiltInWriter();

/** Who asked for the posts (null: the system, resuming at start-up) and whether they replace others. */
interface PostsRequest {
  actorId: number | null;
  kind: "listing.posts-generated" | "listing.posts-regenerated";
}

/**
 * Stores the posts with their timeline entry (which writer wrote them), in one transaction. `by`
 * is recorded as the listing's last editor; a background writer leaves it as it was.
 */
const storePosts = (ctx: PostsContext, id: string, posts: string[], writer: string, request: PostsRequest, by?: number) =>
  ctx.db.transaction(async (tx) => {
    const saved = await savePosts(tx, id, posts, by);
    if (saved) await recordListingActivity(tx, { kind: request.kind, actorId: request.actorId, listingId: id, data: { writer } });
    return saved;
  });

async function writeInBackground(ctx: PostsContext, listing: Listing, request: PostsRequest): Promise<void> {
  try {
    let writer: string = ctx.writer.kind;
    const posts = await ctx.writer.write(listing).catch((err) => {
      ctx.logger.error({ err, listingId: listing.id }, "posts: the writer failed; the built-in writer wrote them");
      writer = lastResort.kind;
      return lastResort.write(listing);
    });
    await storePosts(ctx, listing.id, posts, writer, request);
  } catch (err) {
    // The listing stays "pending" and is written again when the server next starts.
    ctx.logger.error({ err, listingId: listing.id }, "posts: could not store the posts");
  }
}

/** Writes the posts (built-in) or starts writing them (remote); undefined when the listing is gone. */
async function startWriting(ctx: PostsContext, listing: Listing, request: PostsRequest): Promise<Listing | undefined> {
  const by = request.actorId ?? undefined;
  if (ctx.writer.kind === "built-in") return storePosts(ctx, listing.id, await ctx.writer.write(listing), "built-in", request, by);
  const pending = await markPostsPending(ctx.db, listing.id, by);
  if (pending) void writeInBackground(ctx, pending, request);
  return pending;
}

/**
 * AppDeps.onListingCreated: the listing is already saved, so nothing here may fail its creation;
 * at worst it is answered without posts, and Generate Posts writes them later.
 */
export async function writePostsForNewListing(ctx: PostsContext, listing: Listing): Promise<Listing> {
  try {
    return (await startWriting(ctx, listing, { actorId: listing.updatedById, kind: "listing.posts-generated" })) ?? listing;
  } catch (err) {
    ctx.logger.error({ err, listingId: listing.id }, "posts: could not write posts for a new listing");
    return listing;
  }
}

/** Replaces all ten posts; with a remote model the answer is "pending" and the posts follow. */
export async function regeneratePosts(ctx: PostsContext, id: string, actorId: number): Promise<ListingWithMeta> {
  const listing = await getListing(ctx.db, id);
  const updated = await startWriting(ctx, listing, { actorId, kind: "listing.posts-regenerated" });
  if (!updated) throw notFound(LISTING_NOT_FOUND);
  return { ...listing, ...updated };
}

/** At start-up: finishes what a stopped server left "pending". */
export async function resumePendingPosts(ctx: PostsContext): Promise<number> {
  const pending = await listListingsWithPendingPosts(ctx.db);
  for (const listing of pending) void writeInBackground(ctx, listing, { actorId: null, kind: "listing.posts-generated" });
  return pending.length;
}

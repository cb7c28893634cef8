// A listing's posts: written at once with the built-in writer, in the background with a remote
// model (the listing says "pending" meanwhile; docs/decisions/030-posts-writing.md), and for
// imported listings by jobs on the queue (docs/decisions/172-imported-listings-posts.md). People
// then edit a post, mark it posted, or write one or all of them again.
import type { AuditKind } from "../../../shared/audit.js";
import {
  platformLimit,
  postLength,
  postsSourceKey,
  LEGACY_PLATFORM,
  PLATFORM_LABELS,
  POST_PLAN,
  type ListingPost,
  type PostPlatform,
} from "../../../shared/posts.js";
import { fitsPlatform, lacksPageLink, withPageLink } from "../../../shared/post-page-link.js";
import type { Listing, ListingWithMeta } from "../../../shared/schema.js";
import type { Db, Tx } from "../../db/database.js";
import { getBrand } from "../brand/service.js";
import { badRequest, conflict, notFound } from "../../http/http-error.js";
import type { TrustedOrigin } from "../../http/public-origin.js";
import { composePost, createBuiltInWriter } from "../../integrations/posts/built-in-writer.js";
import { brandLine, type PostsBrand, type PostsWriter, type WrittenPosts } from "../../integrations/posts/posts-writer.js";
import { enqueueMany, type JobHandlers } from "../../jobs/queue.js";
import type { Logger } from "../../logger.js";
import { recordListingActivity, recordPostsForImport, type ImportOrigin } from "../audit/service.js";
import { getListing } from "../listings/service.js";
import { servedPageUrls } from "../public-page/service.js";
import {
  changePosts,
  findPosts,
  listListingsByIds,
  listListingsWithPendingPosts,
  markManyPostsPending,
  markPostsPending,
  storeWrittenPosts,
} from "./data.js";

export interface PostsContext {
  db: Db;
  writer: PostsWriter;
  logger: Logger;
  /** The trusted origin (server/http/public-origin.ts): the page links of posts written without a request (jobs) use it; without it they carry none. */
  pageOrigin?: TrustedOrigin;
}

export interface RegenerateOptions {
  /** Posts a person edited stay as they are (kept across regenerate-all only if the person chooses). */
  keepEdited?: boolean;
}

const LISTING_NOT_FOUND = "Listing not found";
export const POST_NOT_FOUND = "Post not found";
// The last resort if a writer breaks its promise never to fail: posts always end up "ready".
const lastResort = createBuiltInWriter();

/**
 * The brand the posts are signed with: the one
 * place the posts obtain it. Unset (no brokerage name and no phone): the posts go unsigned.
 */
async function postsBrand(ctx: PostsContext): Promise<PostsBrand | undefined> {
  const { brokerageName, phone } = await getBrand(ctx.db);
  return brokerageName === "" && phone === "" ? undefined : { brokerageName, phone };
}

/** Who asked for the posts (null: the system), what the listing's timeline calls it, and the
 * import's entry when a job writes them for an import. */
interface PostsRequest {
  actorId: number | null;
  kind: "listing.posts-generated" | "listing.posts-regenerated" | "listing.import-posts-generated";
  ref?: number;
  /** The origin the page's link is built from (as the publication API builds it); absent: none is looked up. */
  origin?: string;
}
const BY_THE_SYSTEM: PostsRequest = { actorId: null, kind: "listing.posts-generated" };
const forImport = (origin: ImportOrigin): PostsRequest => ({ actorId: null, kind: "listing.import-posts-generated", ref: origin.ref });

/**
 * The listing as the writers read it: with its public page's link while the page is served,
 * so new posts never carry a dead or rotated link.
 */
async function withPageUrls<L extends Listing>(ctx: PostsContext, listings: L[], origin: string | undefined): Promise<(L & { publicPageUrl?: string })[]> {
  if (origin === undefined || listings.length === 0) return listings;
  const urls = await servedPageUrls(ctx.db, listings, origin);
  return listings.map((l) => (urls.has(l.id) ? { ...l, publicPageUrl: urls.get(l.id) } : l));
}
const withPageUrl = async <L extends Listing>(ctx: PostsContext, listing: L, origin: string | undefined) => (await withPageUrls(ctx, [listing], origin))[0];

/** The new set, with the edited posts of the current one kept in their places when asked. */
function merge(current: ListingPost[], written: ListingPost[], options: RegenerateOptions): ListingPost[] {
  if (!options.keepEdited) return written;
  return written.map((post, i) => (current[i]?.editedAt ? current[i] : post));
}

/** Stores a written set with its timeline entry (which writer wrote them); undefined when the listing is gone. */
async function storeSet(tx: Tx, listing: Listing, written: WrittenPosts, current: ListingPost[], options: RegenerateOptions, request: PostsRequest) {
  const saved = await storeWrittenPosts(tx, listing.id, {
    posts: merge(current, written.posts, options),
    writer: written.writer,
    source: postsSourceKey(listing),
  });
  const data = request.ref === undefined ? { writer: written.writer } : { writer: written.writer, ref: request.ref };
  if (saved) await recordListingActivity(tx, { kind: request.kind, actorId: request.actorId, listingId: listing.id, data });
  return saved;
}

/**
 * The one place a whole set of posts is written and stored for one listing, with its timeline
 * entry in the same transaction. Undefined when the listing is gone.
 */
async function writeAndStore(
  ctx: PostsContext,
  listing: Listing,
  options: RegenerateOptions,
  request: PostsRequest,
  writer = ctx.writer,
): Promise<Listing | undefined> {
  const written = await writer.write(listing, await postsBrand(ctx));
  const current = options.keepEdited ? ((await findPosts(ctx.db, listing.id)) ?? []) : [];
  return ctx.db.transaction((tx) => storeSet(tx, listing, written, current, options, request));
}

/** Writes in the background; the listing stays "pending" (and is written again later) if storing fails. */
async function writeInBackground(ctx: PostsContext, listing: Listing, options: RegenerateOptions, request: PostsRequest): Promise<void> {
  try {
    await writeAndStore(ctx, listing, options, request).catch(async (err) => {
      ctx.logger.error({ err, listingId: listing.id }, "posts: the writer failed; the built-in writer wrote them");
      return writeAndStore(ctx, listing, options, request, lastResort);
    });
  } catch (err) {
    ctx.logger.error({ err, listingId: listing.id }, "posts: could not store the posts");
  }
}

/** Writes the posts (built-in) or starts writing them (remote); undefined when the listing is gone. */
async function startWriting(ctx: PostsContext, listing: Listing, options: RegenerateOptions, request: PostsRequest): Promise<Listing | undefined> {
  if (ctx.writer.kind === "built-in") return writeAndStore(ctx, await withPageUrl(ctx, listing, request.origin), options, request);
  const pending = await markPostsPending(ctx.db, listing.id);
  if (pending) void writeInBackground(ctx, await withPageUrl(ctx, pending, request.origin), options, request);
  return pending;
}

/**
 * AppDeps.onListingCreated: the listing is already saved, so nothing here may fail its creation;
 * at worst it is answered without posts, and Generate Posts writes them later. A new listing has
 * no page yet, so no link is looked up.
 */
export async function writePostsForNewListing(ctx: PostsContext, listing: Listing): Promise<Listing> {
  try {
    return (await startWriting(ctx, listing, {}, { actorId: listing.updatedById, kind: "listing.posts-generated" })) ?? listing;
  } catch (err) {
    ctx.logger.error({ err, listingId: listing.id }, "posts: could not write posts for a new listing");
    return listing;
  }
}

/** Replaces all ten posts; with a remote model the answer is "pending" and the posts follow. */
export async function regeneratePosts(ctx: PostsContext, id: string, options: RegenerateOptions, actorId: number, origin?: string): Promise<ListingWithMeta> {
  const listing = await getListing(ctx.db, id);
  const updated = await startWriting(ctx, listing, options, { actorId, kind: "listing.posts-regenerated", origin });
  if (!updated) throw notFound(LISTING_NOT_FOUND);
  return { ...listing, ...updated };
}

/** The platform a post at index is written for: its own, or the plan's for a post stored before platforms. */
const platformAt = (posts: ListingPost[], index: number): PostPlatform => {
  const platform = posts[index].platform;
  return platform === LEGACY_PLATFORM ? POST_PLAN[index % POST_PLAN.length] : platform;
};

/**
 * Applies change to the post at index, with its timeline entry (`kind`, the post's number) in the
 * same transaction, answering the whole listing; 404 for a listing or post that is not there.
 */
async function changePost(
  ctx: PostsContext,
  id: string,
  index: number,
  entry: { kind: AuditKind; actorId: number },
  change: (post: ListingPost, all: ListingPost[]) => ListingPost | Promise<ListingPost>,
) {
  const changed = await changePosts(
    ctx.db,
    id,
    async (posts) => {
      if (!Number.isInteger(index) || index < 0 || index >= posts.length) throw notFound(POST_NOT_FOUND);
      const next = [...posts];
      next[index] = await change(posts[index], posts);
      return next;
    },
    async (tx) => {
      await recordListingActivity(tx, { kind: entry.kind, actorId: entry.actorId, listingId: id, data: { post: index + 1 } });
    },
  );
  if (!changed) throw notFound(LISTING_NOT_FOUND);
  return getListing(ctx.db, id);
}

/** Writes one post again for its platform, unlike the others; edits and the posted date go with the old text. */
export async function regeneratePost(ctx: PostsContext, id: string, index: number, actorId: number, origin?: string): Promise<ListingWithMeta> {
  const listing = await withPageUrl(ctx, await getListing(ctx.db, id), origin);
  const brand = await postsBrand(ctx);
  return changePost(ctx, id, index, { kind: "listing.post-regenerated", actorId }, async (_post, all) => {
    const platform = platformAt(all, index);
    const others = new Set(all.map((p) => p.text));
    if (ctx.writer.kind === "built-in") return composePost(listing, platform, Math.random, others, brand);
    // A model writes a whole set in one call; this slot takes the set's post for its platform.
    const written = await ctx.writer.write(listing, brand).catch(() => null);
    const fresh = written?.posts.find((p) => p.platform === platform && !others.has(p.text));
    return fresh ?? composePost(listing, platform, Math.random, others, brand);
  });
}

export interface PostEdit {
  text?: string;
  /** YYYY-MM-DD, or null to clear. */
  postedAt?: string | null;
}

/** Saves a person's text for one post (within its platform's limit) and/or the date it was posted. */
export async function editPost(ctx: PostsContext, id: string, index: number, edit: PostEdit, actorId: number): Promise<ListingWithMeta> {
  return changePost(ctx, id, index, { kind: "listing.post-edited", actorId }, (post) => {
    const next: ListingPost = { ...post };
    if (edit.text !== undefined) {
      const limit = platformLimit(post.platform);
      const length = postLength(post.platform, edit.text);
      if (limit !== null && length > limit) {
        throw badRequest(`A ${PLATFORM_LABELS[post.platform]} post must be at most ${limit.toLocaleString("en-US")} characters; this one has ${length.toLocaleString("en-US")}.`);
      }
      if (edit.text !== post.text) Object.assign(next, { text: edit.text, editedAt: new Date().toISOString() });
    }
    if (edit.postedAt === null) delete next.postedAt;
    else if (edit.postedAt !== undefined) next.postedAt = edit.postedAt;
    return next;
  });
}

/**
 * Puts the page's current link into the posts that lack it:
 * where it fits, it replaces a rotated link or the listing's own flyer or marketplace link where
 * that stood (one link per post) or goes before the closing hashtags and the brand's line, the
 * rest of the post unchanged (edits and the posted date stay); a post it does not fit is written
 * again by the built-in writer with the link, unless a person edited it, which stays as it is for
 * them to shorten. 409 while the page is not served (unpublished, or the listing inactive).
 */
export async function addPageLinkToPosts(ctx: PostsContext, id: string, actorId: number, origin: string): Promise<ListingWithMeta> {
  const listing = await withPageUrl(ctx, await getListing(ctx.db, id), origin);
  const url = listing.publicPageUrl;
  if (!url) throw conflict("The listing's page is not published: publish it first, then add its link to the posts.");
  const brand = await postsBrand(ctx);
  let linked = 0;
  const changed = await changePosts(
    ctx.db,
    id,
    (posts) => {
      const taken = new Set(posts.map((p) => p.text));
      return posts.map((post, i) => {
        if (!lacksPageLink(post, url)) return post;
        const text = withPageLink(post.platform, post.text, url, brandLine(brand), [listing.marketingFlyerLink, listing.looplinkLink]);
        if (fitsPlatform(post.platform, text)) {
          linked++;
          return { ...post, text };
        }
        if (post.editedAt) return post;
        const fresh = composePost(listing, platformAt(posts, i), Math.random, taken, brand);
        taken.add(fresh.text);
        linked++;
        return fresh;
      });
    },
    async (tx) => {
      if (linked > 0) await recordListingActivity(tx, { kind: "listing.posts-page-linked", actorId, listingId: id, data: { posts: linked } });
    },
  );
  if (!changed) throw notFound(LISTING_NOT_FOUND);
  return getListing(ctx.db, id);
}

// ---------------------------------------------------------------- in the background, by jobs

export const WRITE_POSTS_JOB = "posts.write";
/** Listings per job: small steps, so a 100,000-row import is a long queue of short jobs. */
export const LISTINGS_PER_JOB = 50;
/**
 * Listings whose posts a job stores in one transaction: their changes reach every server at once,
 * so a list read meanwhile catches up on ten listings in one query instead of on each in turn.
 */
export const LISTINGS_PER_STORE = 10;

/** Queues posts for listings in steps of LISTINGS_PER_JOB; with a transaction, only if it commits. */
/** A posts job's work: the listings, and the import they came from (its entry is the one the log shows). */
interface WritePostsPayload {
  ids: string[];
  origin?: ImportOrigin;
}

async function queueWriting(db: Db | Tx, ids: string[], origin?: ImportOrigin): Promise<void> {
  const batches: WritePostsPayload[] = [];
  for (let i = 0; i < ids.length; i += LISTINGS_PER_JOB) batches.push({ ids: ids.slice(i, i + LISTINGS_PER_JOB), ...(origin ? { origin } : {}) });
  await enqueueMany(db, WRITE_POSTS_JOB, batches);
}

/** CSV import, inside its transaction: the new listings say "pending" and get posts once it commits. */
export async function queuePostsForImported(tx: Tx, ids: string[], origin?: ImportOrigin): Promise<void> {
  if (!ids.length) return;
  await markManyPostsPending(tx, ids);
  await queueWriting(tx, ids, origin);
}

/**
 * Import wizard commit, inside its transaction: the new listings were inserted saying "pending"
 * already (one statement instead of an update of every new row afterwards); they get posts once
 * it commits.
 */
export async function queuePostsForInsertedPending(tx: Tx, ids: string[], origin?: ImportOrigin): Promise<void> {
  if (ids.length) await queueWriting(tx, ids, origin);
}

/**
 * The job: writes the posts of the listings still pending, one after another, pausing between
 * them so that requests waiting meanwhile go first.
 */
export function postsJobHandlers(ctx: PostsContext): JobHandlers {
  return {
    [WRITE_POSTS_JOB]: {
      async run(payload: WritePostsPayload, { pause }) {
        const request = payload.origin ? forImport(payload.origin) : BY_THE_SYSTEM;
        // A job may run twice (at least once), and a person may have regenerated meanwhile.
        const stillPending = (await listListingsByIds(ctx.db, payload.ids)).filter((listing) => listing.postsStatus === "pending");
        const pending = await withPageUrls(ctx, stillPending, (await ctx.pageOrigin?.()) ?? undefined);
        const brand = await postsBrand(ctx);
        for (let i = 0; i < pending.length; i += LISTINGS_PER_STORE) {
          const written: { listing: Listing; posts: WrittenPosts }[] = [];
          for (const listing of pending.slice(i, i + LISTINGS_PER_STORE)) {
            written.push({ listing, posts: await ctx.writer.write(listing, brand).catch(() => lastResort.write(listing, brand)) });
            await pause();
          }
          // Storing fails the job, which runs again later and writes only what is still pending.
          await ctx.db.transaction(async (tx) => {
            let stored = 0;
            for (const { listing, posts } of written) if (await storeSet(tx, listing, posts, [], {}, request)) stored++;
            if (payload.origin && stored > 0) await recordPostsForImport(tx, payload.origin, stored, written[0].posts.writer);
          });
        }
      },
    },
  };
}

/** At start-up: queues what a stopped server left "pending" (a job skips what is written meanwhile). */
export async function resumePendingPosts(ctx: PostsContext): Promise<number> {
  const pending = await listListingsWithPendingPosts(ctx.db);
  await queueWriting(ctx.db, pending.map((l) => l.id));
  return pending.length;
}

import { eq } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type Listing } from "../../../shared/schema.js";
import { POST_PLAN, postsHeading, postsReadyMessage } from "../../../shared/posts.js";
import { listings } from "../../db/tables.js";
import { createBuiltInWriter } from "../../integrations/posts/built-in-writer.js";
import { errorReply, postsReply, startChatStub, type ChatStub } from "../../integrations/posts/chat-completions-stub.js";
import { createPostsWriter } from "../../integrations/posts/create-posts-writer.js";
import type { PostsWriter } from "../../integrations/posts/posts-writer.js";
import { createLogger } from "../../logger.js";
import { createListing, validListingInput } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { REGENERATE_LIMIT } from "./routes.js";
import { runDueJobs } from "../../jobs/worker.js";
import { postsJobHandlers, resumePendingPosts, writePostsForNewListing } from "./service.js";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
const TAGS = " #CRE #Office #ForLease #Pittsburgh #Pennsylvania";
const modelPosts = POST_PLAN.map((platform, i) => ({ platform, text: `The ${ORDINALS[i]} model post.${platform === "instagram" ? TAGS : ""}` }));
const modelTexts = modelPosts.map((p) => p.text);
const silent = createLogger("silent");
const stored = async (ctx: TestContext, id: string) => (await ctx.db.select().from(listings).where(eq(listings.id, id)))[0];
const untilReady = (ctx: TestContext, id: string) =>
  vi.waitFor(
    async () => {
      const row = await stored(ctx, id);
      expect(row.postsStatus).toBe("ready");
      return row;
    },
    { timeout: 10_000, interval: 20 },
  );

/** A model that answers only when the test says so. */
function heldModel(stub: ChatStub) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  stub.answer(async () => {
    await released;
    return postsReply(modelPosts);
  });
  return release;
}

describe("with the built-in writer", () => {
  let ctx: TestContext;
  let member: TestClient;
  beforeAll(async () => {
    ctx = await createTestContext();
    member = (await ctx.userAgent()).agent;
  });
  afterAll(() => ctx.close());

  it("writes ten posts when a listing is created, before answering", async () => {
    const res = await member.post("/api/listings").send(validListingInput({ listingName: "Elm Street Offices", city: "Wheeling" }));
    expect(res.status).toBe(201);
    expect(res.body.postsStatus).toBe("ready");
    expect(res.body.aiGeneratedPosts).toHaveLength(10);
    expect(new Set(res.body.aiGeneratedPosts).size).toBe(10);
    // The built-in writer is named, not called AI.
    expect(res.body.postsWriter).toBe("built-in");
    expect(postsReadyMessage(res.body.postsWriter)).toBe("Posts are ready, written by the built-in writer. View them in the listing details.");
    expect(postsHeading(res.body.postsWriter)).toBe("Social Posts");
    expect(res.body.aiGeneratedPosts.every((p: string) => p.includes("Elm Street Offices"))).toBe(true);
    expect(res.body).toMatchObject({ agentName: null, noteCount: 0 });
    expect((await stored(ctx, res.body.id)).aiGeneratedPosts).toEqual(res.body.aiGeneratedPosts);
  });

  it("regenerate replaces all ten posts and answers the whole listing", async () => {
    const listing = await createListing(ctx.db, { listingName: "Corner Lot", aiGeneratedPosts: ["old post"] });
    const first = await member.post(`/api/listings/${listing.id}/regenerate-posts`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: listing.id, listingName: "Corner Lot", postsStatus: "ready", agentName: null, noteCount: 0 });
    expect(first.body.aiGeneratedPosts).toHaveLength(10);
    expect(first.body.aiGeneratedPosts).not.toContain("old post");
    const row = await stored(ctx, listing.id);
    expect(row.aiGeneratedPosts).toEqual(first.body.aiGeneratedPosts);
    // Only the posts change.
    const { aiGeneratedPosts: _a, updatedAt: _u, posts: _p, postsWriter: _w, postsWrittenAt: _t, postsSource: _s, ...rest } = row;
    const { aiGeneratedPosts: _b, updatedAt: _v, posts: _q, postsWriter: _x, postsWrittenAt: _y, postsSource: _z, ...before } = listing;
    expect(rest).toEqual(before);

    const second = await member.post(`/api/listings/${listing.id}/regenerate-posts`);
    expect(second.body.aiGeneratedPosts).toHaveLength(10);
    expect(second.body.aiGeneratedPosts).not.toEqual(first.body.aiGeneratedPosts);
  });

  it("answers 404 for an unknown or malformed id and 401 when signed out, changing nothing", async () => {
    const listing = await createListing(ctx.db, { aiGeneratedPosts: ["kept"] });
    const unknown = await member.post(`/api/listings/${UNKNOWN_ID}/regenerate-posts`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: "Listing not found" });
    for (const bad of ["abc", "1", `${listing.id}x`, "%20"]) {
      const res = await member.post(`/api/listings/${bad}/regenerate-posts`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Listing not found" });
    }
    const anonymous = await supertest(ctx.app).post(`/api/listings/${listing.id}/regenerate-posts`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: "Please sign in to continue" });
    expect((await stored(ctx, listing.id)).aiGeneratedPosts).toEqual(["kept"]);
  });

  it("lets admins regenerate too, and refuses a session that regenerates without end", async () => {
    const listing = await createListing(ctx.db);
    const { agent: admin } = await ctx.userAgent({ isAdmin: true });
    for (let i = 0; i < REGENERATE_LIMIT.limit; i++) {
      expect((await admin.post(`/api/listings/${listing.id}/regenerate-posts`)).status).toBe(200);
    }
    const refused = await admin.post(`/api/listings/${listing.id}/regenerate-posts`);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("Too many post regenerations. Please wait a few minutes and try again.");
    // The limit is per person: a teammate is not held up.
    expect((await member.post(`/api/listings/${listing.id}/regenerate-posts`)).status).toBe(200);
  });

  it("finishes at start-up the posts a stopped server left pending", async () => {
    const listing = await createListing(ctx.db, { postsStatus: "pending" });
    const ready = await createListing(ctx.db, { aiGeneratedPosts: ["untouched"] });
    const posts = { db: ctx.db, writer: createBuiltInWriter(), logger: silent };
    expect(await resumePendingPosts(posts)).toBe(1);
    // Queued, not written at start-up: the job worker writes them.
    expect((await stored(ctx, listing.id)).postsStatus).toBe("pending");
    expect(await runDueJobs(ctx.db, postsJobHandlers(posts))).toEqual({ done: 1, failed: 0 });
    expect((await untilReady(ctx, listing.id)).aiGeneratedPosts).toHaveLength(10);
    expect((await stored(ctx, ready.id)).aiGeneratedPosts).toEqual(["untouched"]);
  });
});

describe("with a remote model", () => {
  let stub: ChatStub;
  let ctx: TestContext;
  let member: TestClient;
  beforeAll(async () => {
    stub = await startChatStub();
    const env = { OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: stub.baseURL, OPENAI_MODEL: "stub-model" };
    ctx = await createTestContext({ postsWriter: createPostsWriter(env, silent, { retryDelayMs: 0 }) });
    member = (await ctx.userAgent()).agent;
  });
  afterAll(async () => {
    await stub.close();
    await ctx.close();
  });

  it("creates the listing at once as pending, then stores the model's posts as ready", async () => {
    const release = heldModel(stub);
    const res = await member.post("/api/listings").send(validListingInput({ listingName: "Riverfront Mill" }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ postsStatus: "pending", aiGeneratedPosts: [] });
    expect((await member.get(`/api/listings/${res.body.id}`)).body.postsStatus).toBe("pending");

    release();
    const row = await untilReady(ctx, res.body.id);
    expect(row.aiGeneratedPosts).toEqual(modelTexts);
    expect(row).toMatchObject({ posts: modelPosts, postsWriter: "stub-model" });
    // What the client announces once it reads the ready listing: the spec's words, for a model's posts.
    const ready = (await member.get(`/api/listings/${res.body.id}`)).body;
    expect(ready.postsWriter).toBe("stub-model");
    expect(postsReadyMessage(ready.postsWriter)).toBe("AI-generated posts are ready! View them in the listing details.");
    expect(postsHeading(ready.postsWriter)).toBe("AI-Generated Posts");
    expect(JSON.parse(stub.requests[0].body.messages[1].content).listingName).toBe("Riverfront Mill");
  });

  it("regenerate answers pending at once and the new posts follow", async () => {
    const listing = await createListing(ctx.db, { aiGeneratedPosts: ["old post"] });
    const release = heldModel(stub);
    const res = await member.post(`/api/listings/${listing.id}/regenerate-posts`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: listing.id, postsStatus: "pending", aiGeneratedPosts: ["old post"] });
    release();
    expect((await untilReady(ctx, listing.id)).aiGeneratedPosts).toEqual(modelTexts);
  });

  it("regenerates one post with the model's post for that platform, or the built-in writer's when it has none new", async () => {
    const listing = await createListing(ctx.db, { posts: modelPosts, aiGeneratedPosts: modelTexts, postsWriter: "stub-model" });
    stub.answer(postsReply(modelPosts.map((p) => ({ ...p, text: `${p.text} Again` }))));
    const res = await member.post(`/api/listings/${listing.id}/posts/8/regenerate`).expect(200);
    // The set's first X post that is new takes the place.
    expect(res.body.posts[8]).toEqual({ platform: "x", text: "The fourth model post. Again" });
    expect(res.body.posts.filter((_: unknown, i: number) => i !== 8)).toEqual(modelPosts.filter((_, i) => i !== 8));

    stub.answer(errorReply(401, "bad key"));
    const fallback = await member.post(`/api/listings/${listing.id}/posts/3/regenerate`).expect(200);
    expect(fallback.body.posts[3].platform).toBe("x");
    expect(fallback.body.posts[3].text).toContain(listing.listingName);
  });

  it("still ends ready, with built-in posts, when the model refuses", async () => {
    stub.answer(errorReply(401, "bad key"));
    const res = await member.post("/api/listings").send(validListingInput({ listingName: "Fallback Plaza" }));
    expect(res.body.postsStatus).toBe("pending");
    const row = await untilReady(ctx, res.body.id);
    expect(row.aiGeneratedPosts).toHaveLength(10);
    expect(row.aiGeneratedPosts.every((p) => p.includes("Fallback Plaza"))).toBe(true);
  });
});

describe("writePostsForNewListing", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());
  afterEach(() => vi.restoreAllMocks());

  const logger = () => {
    const l = createLogger("silent");
    vi.spyOn(l, "error");
    return l;
  };

  it("ends ready even when a writer breaks its promise and throws", async () => {
    const listing = await createListing(ctx.db, { listingName: "Broken Writer Hall" });
    const broken: PostsWriter = { kind: "remote", write: () => Promise.reject(new Error("socket hang up")) };
    const log = logger();
    const answered = await writePostsForNewListing({ db: ctx.db, writer: broken, logger: log }, listing);
    expect(answered.postsStatus).toBe("pending");
    const row = await untilReady(ctx, listing.id);
    expect(row.aiGeneratedPosts).toHaveLength(10);
    expect(row.aiGeneratedPosts[0]).toContain("Broken Writer Hall");
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ listingId: listing.id }), expect.stringContaining("failed"));
  });

  it("never fails the creation: a listing it cannot write for comes back as it was", async () => {
    const listing = await createListing(ctx.db);
    const broken: PostsWriter = { kind: "built-in", write: () => Promise.reject(new Error("bug")) };
    const log = logger();
    expect(await writePostsForNewListing({ db: ctx.db, writer: broken, logger: log }, listing)).toEqual(listing);
    expect(log.error).toHaveBeenCalled();

    const gone: Listing = { ...listing, id: UNKNOWN_ID };
    const writer = createBuiltInWriter();
    expect(await writePostsForNewListing({ db: ctx.db, writer, logger: log }, gone)).toEqual(gone);
  });
});

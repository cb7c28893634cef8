// Posts: one post written again, edited, marked as posted; regenerate-all keeping edits; the
// staleness the screen shows; imported listings written by jobs.
import supertest from "supertest";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLATFORM_LIMITS, POST_PLAN, postsAreStale, type ListingPost } from "../../../shared/posts.js";
import { listings } from "../../db/tables.js";
import { createBuiltInWriter } from "../../integrations/posts/built-in-writer.js";
import { runDueJobs } from "../../jobs/worker.js";
import { createLogger } from "../../logger.js";
import { createListing, validListingInput } from "../../test/factories.js";
import { contextWithMember, type TestClient, type TestContext } from "../../test/test-app.js";
import { templateRow, csvFile } from "../csv/csv-fixtures.js";
import { LISTINGS_PER_JOB, postsJobHandlers, WRITE_POSTS_JOB } from "./service.js";

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  ({ ctx, member } = await contextWithMember());
});
afterAll(() => ctx.close());

const stored = async (id: string) => (await ctx.db.select().from(listings).where(eq(listings.id, id)))[0];
const created = async (overrides = {}) => (await member.post("/api/listings").send(validListingInput(overrides)).expect(201)).body;

describe("a listing's posts as objects", () => {
  it("are written at creation with platforms, the writer, the time and what they were written from", async () => {
    const before = Date.now();
    const listing = await created({ listingName: "Elm Street Offices", askingPrice: "$1,650,000" });
    expect(listing.posts.map((p: ListingPost) => p.platform)).toEqual([...POST_PLAN]);
    expect(listing.aiGeneratedPosts).toEqual(listing.posts.map((p: ListingPost) => p.text));
    expect(listing.postsWriter).toBe("built-in");
    expect(new Date(listing.postsWrittenAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(postsAreStale(listing)).toBe(false);
    expect(listing.posts.some((p: ListingPost) => p.text.includes("$1,650,000"))).toBe(true);
  });

  it("go stale when the description or a fact changes, not when the listing is starred, and fresh again on regenerate", async () => {
    const listing = await created();
    const starred = (await member.post(`/api/listings/${listing.id}/toggle-starred`).expect(200)).body;
    expect(postsAreStale(starred)).toBe(false);
    const edited = (await member.put(`/api/listings/${listing.id}`).send({ propertyDescription: "Now with a drive-thru." }).expect(200)).body;
    expect(postsAreStale(edited)).toBe(true);
    expect(postsAreStale((await member.get(`/api/listings/${listing.id}`)).body)).toBe(true);
    const fact = (await member.put(`/api/listings/${listing.id}`).send({ buildingSizeSf: "12,000" }).expect(200)).body;
    expect(postsAreStale(fact)).toBe(true);
    const regenerated = (await member.post(`/api/listings/${listing.id}/regenerate-posts`).expect(200)).body;
    expect(postsAreStale(regenerated)).toBe(false);
    expect(regenerated.posts.some((p: ListingPost) => p.text.includes("12,000 SF"))).toBe(true);
  });
});

describe("PATCH /api/listings/:id/posts/:index", () => {
  it("saves a person's text with the time of the edit, keeping the others", async () => {
    const listing = await created();
    const res = await member.patch(`/api/listings/${listing.id}/posts/3`).send({ text: "  Short and sweet on X.  " });
    expect(res.status).toBe(200);
    expect(res.body.posts[3]).toMatchObject({ platform: "x", text: "Short and sweet on X." });
    expect(Date.parse(res.body.posts[3].editedAt)).not.toBeNaN();
    expect(res.body.aiGeneratedPosts[3]).toBe("Short and sweet on X.");
    expect(res.body.posts.filter((_: ListingPost, i: number) => i !== 3)).toEqual(listing.posts.filter((_: ListingPost, i: number) => i !== 3));
    expect((await stored(listing.id)).aiGeneratedPosts[3]).toBe("Short and sweet on X.");
  });

  it("refuses a text over the platform's limit, as X counts it, or empty, changing nothing", async () => {
    const listing = await created();
    const tooLong = "x".repeat(PLATFORM_LIMITS.x + 1);
    const res = await member.patch(`/api/listings/${listing.id}/posts/3`).send({ text: tooLong });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("A X post must be at most 280 characters; this one has 281.");
    // A link counts 23 on X, however long it is.
    const withLink = `${"y".repeat(250)} https://example.com/${"z".repeat(100)}`;
    expect((await member.patch(`/api/listings/${listing.id}/posts/3`).send({ text: withLink })).status).toBe(200);
    const empty = await member.patch(`/api/listings/${listing.id}/posts/0`).send({ text: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Post text is required");
    const nothing = await member.patch(`/api/listings/${listing.id}/posts/0`).send({});
    expect(nothing.body.message).toBe("Send a new text or a posted date");
    expect((await stored(listing.id)).posts[0]).toEqual(listing.posts[0]);
  });

  it("marks a post as posted on a date, and clears it", async () => {
    const listing = await created();
    const posted = await member.patch(`/api/listings/${listing.id}/posts/1`).send({ postedAt: "2026-11-20" });
    expect(posted.status).toBe(200);
    expect(posted.body.posts[1]).toEqual({ ...listing.posts[1], postedAt: "2026-11-20" });
    for (const bad of ["2026-02-30", "yesterday", 20261120]) {
      const res = await member.patch(`/api/listings/${listing.id}/posts/1`).send({ postedAt: bad });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Posted date must be a date like 2026-03-15");
    }
    const cleared = await member.patch(`/api/listings/${listing.id}/posts/1`).send({ postedAt: null });
    expect(cleared.body.posts[1]).toEqual(listing.posts[1]);
  });

  it("answers 404 for a post or listing that is not there, 401 when signed out", async () => {
    const listing = await created();
    for (const index of ["10", "-1", "x", "1.5"]) {
      const res = await member.patch(`/api/listings/${listing.id}/posts/${index}`).send({ text: "hi" });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Post not found" });
    }
    const unknown = await member.patch("/api/listings/00000000-0000-4000-8000-000000000000/posts/0").send({ text: "hi" });
    expect(unknown.body).toEqual({ message: "Listing not found" });
    expect((await supertest(ctx.app).patch(`/api/listings/${listing.id}/posts/0`).send({ text: "hi" })).status).toBe(401);
    expect((await stored(listing.id)).posts).toEqual(listing.posts);
  });
});

describe("POST /api/listings/:id/posts/:index/regenerate", () => {
  it("writes that one post again for its platform, leaving the rest", async () => {
    const listing = await created();
    const res = await member.post(`/api/listings/${listing.id}/posts/8/regenerate`);
    expect(res.status).toBe(200);
    expect(res.body.posts[8].platform).toBe("x");
    expect(res.body.posts[8].text).not.toBe(listing.posts[8].text);
    expect(listing.posts.map((p: ListingPost) => p.text)).not.toContain(res.body.posts[8].text);
    expect(res.body.posts.filter((_: ListingPost, i: number) => i !== 8)).toEqual(listing.posts.filter((_: ListingPost, i: number) => i !== 8));
  });

  it("gives a post stored before platforms the platform of its place", async () => {
    const listing = await createListing(ctx.db, { posts: [{ platform: "other", text: "Subject: old email" }], aiGeneratedPosts: ["Subject: old email"] });
    const res = await member.post(`/api/listings/${listing.id}/posts/0/regenerate`).expect(200);
    expect(res.body.posts[0].platform).toBe("linkedin");
    expect(res.body.aiGeneratedPosts).toEqual([res.body.posts[0].text]);
    expect((await member.post(`/api/listings/${listing.id}/posts/1/regenerate`)).status).toBe(404);
    expect((await supertest(ctx.app).post(`/api/listings/${listing.id}/posts/0/regenerate`)).status).toBe(401);
  });
});

describe("POST /api/listings/:id/regenerate-posts with keepEdited", () => {
  it("replaces edited posts unless asked to keep them", async () => {
    const listing = await created();
    await member.patch(`/api/listings/${listing.id}/posts/2`).send({ text: "My own caption #a #b #c #d #e" }).expect(200);
    const kept = (await member.post(`/api/listings/${listing.id}/regenerate-posts`).send({ keepEdited: true }).expect(200)).body;
    expect(kept.posts[2].text).toBe("My own caption #a #b #c #d #e");
    // The others are written again (any one may come out the same by chance; all nine will not).
    const othersOf = (l: { posts: ListingPost[] }) => l.posts.filter((_, i) => i !== 2).map((p) => p.text);
    expect(othersOf(kept)).not.toEqual(othersOf(listing));
    const replaced = (await member.post(`/api/listings/${listing.id}/regenerate-posts`).expect(200)).body;
    expect(replaced.posts[2].text).not.toBe("My own caption #a #b #c #d #e");
    expect(replaced.posts[2].editedAt).toBeUndefined();
    const bad = await member.post(`/api/listings/${listing.id}/regenerate-posts`).send({ keepEdited: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("keepEdited must be true or false");
  });
});

describe("imported listings", () => {
  it("are pending after the import, then written by queued jobs of at most LISTINGS_PER_JOB listings", async () => {
    const rows = Array.from({ length: LISTINGS_PER_JOB + 3 }, (_, i) => templateRow({ "Listing Name": `Imported ${i}`, Address: `${i} Import Way` }));
    const existing = await createListing(ctx.db, { aiGeneratedPosts: ["kept"], posts: [{ platform: "x", text: "kept" }] });
    const res = await member.post("/api/listings/import").send({ csvData: csvFile(rows) }).expect(200);
    const ids: string[] = res.body.successful.map((s: { id: string }) => s.id);
    expect(ids).toHaveLength(LISTINGS_PER_JOB + 3);
    const first = (await member.get(`/api/listings/${ids[0]}`)).body;
    expect(first).toMatchObject({ postsStatus: "pending", aiGeneratedPosts: [] });

    const handlers = postsJobHandlers({ db: ctx.db, writer: createBuiltInWriter(), logger: createLogger("silent") });
    expect(await runDueJobs(ctx.db, { [WRITE_POSTS_JOB]: handlers[WRITE_POSTS_JOB] })).toEqual({ done: 2, failed: 0 });
    for (const id of [ids[0], ids[ids.length - 1]]) {
      const listing = (await member.get(`/api/listings/${id}`)).body;
      expect(listing).toMatchObject({ postsStatus: "ready", postsWriter: "built-in" });
      expect(listing.posts).toHaveLength(10);
    }
    expect((await stored(existing.id)).aiGeneratedPosts).toEqual(["kept"]);
  });

  it("queues nothing when an import fails, and a job skips listings already written", async () => {
    const listing = await createListing(ctx.db, { postsStatus: "pending" });
    const handlers = postsJobHandlers({ db: ctx.db, writer: createBuiltInWriter(), logger: createLogger("silent") });
    // Run directly rather than by a worker: no requests to yield to between listings.
    const direct = { pause: () => Promise.resolve() } as never;
    await handlers[WRITE_POSTS_JOB].run({ ids: [listing.id] } as never, direct);
    const written = await stored(listing.id);
    await handlers[WRITE_POSTS_JOB].run({ ids: [listing.id, "00000000-0000-4000-8000-000000000000"] } as never, direct);
    expect((await stored(listing.id)).posts).toEqual(written.posts);
    const bad = await member.post("/api/listings/import").send({ csvData: csvFile([templateRow({ State: "Nowhere" })]) });
    expect(bad.body.successful ?? []).toEqual([]);
    expect(await runDueJobs(ctx.db, { [WRITE_POSTS_JOB]: handlers[WRITE_POSTS_JOB] })).toEqual({ done: 0, failed: 0 });
  });
});

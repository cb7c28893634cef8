// Posts and the public page: posts written
// while the page is published carry its link, never a dead or rotated one, and one action puts
// the current link into the posts written before.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postsLackingPageLink } from "../../../shared/post-page-link.js";
import { PLATFORM_LIMITS, postLength, type ListingPost, type PostPlatform } from "../../../shared/posts.js";
import { auditEvents, listings } from "../../db/tables.js";
import { createListing, validListingInput } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { TEST_SCRYPT_COST } from "../../test/test-constants.js";

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  // One origin for every request (each supertest request comes from a new port otherwise).
  ctx = await createTestContext({ env: { TRUST_PROXY: false, AUTH_SCRYPT_COST: TEST_SCRYPT_COST, PUBLIC_URL: "https://desk.example.com" } });
  member = (await ctx.userAgent()).agent;
});
afterAll(() => ctx.close());

const created = async () => (await member.post("/api/listings").send(validListingInput({ askingPrice: "$1,650,000" })).expect(201)).body;
const publish = async (id: string, published = true) => (await member.put(`/api/listings/${id}/publication`).send({ published }).expect(200)).body.url as string;
const regenerate = async (id: string) => (await member.post(`/api/listings/${id}/regenerate-posts`).expect(200)).body.posts as ListingPost[];
const linkPlatforms = new Set(["linkedin", "facebook", "x", "google"]);

describe("new posts and the page's link", () => {
  it("are written without a link before the page is published, with it once it is", async () => {
    const listing = await created();
    expect(listing.posts.some((p: ListingPost) => p.text.includes("/l/"))).toBe(false);
    const url = await publish(listing.id);
    const posts = await regenerate(listing.id);
    for (const post of posts) {
      expect(post.text.includes(url), `${post.platform}: ${post.text}`).toBe(linkPlatforms.has(post.platform));
      expect(postLength(post.platform, post.text)).toBeLessThanOrEqual(PLATFORM_LIMITS[post.platform as PostPlatform]);
    }
  });

  it("carry the new link after a rotation, and none once the page is taken down or the listing is inactive", async () => {
    const listing = await created();
    const old = await publish(listing.id);
    const rotated = (await member.post(`/api/listings/${listing.id}/publication/rotate`).expect(200)).body.url as string;
    const one = (await member.post(`/api/listings/${listing.id}/posts/3/regenerate`).expect(200)).body.posts[3] as ListingPost;
    expect(one.text).toContain(rotated);
    expect(one.text).not.toContain(old);
    await publish(listing.id, false);
    expect((await regenerate(listing.id)).some((p) => p.text.includes("/l/"))).toBe(false);
    await publish(listing.id);
    await member.post(`/api/listings/${listing.id}/toggle`).expect(200);
    expect((await regenerate(listing.id)).some((p) => p.text.includes("/l/"))).toBe(false);
  });
});

describe("POST /api/listings/:id/posts/page-link", () => {
  const setPosts = (id: string, posts: ListingPost[]) =>
    ctx.db.update(listings).set({ posts, aiGeneratedPosts: posts.map((p) => p.text) }).where(eq(listings.id, id));

  it("adds the link to the posts written before publishing, keeping the rest of each post, its edit and its posted date", async () => {
    const listing = await created();
    const before = listing.posts as ListingPost[];
    const edited = (await member.patch(`/api/listings/${listing.id}/posts/0`).send({ text: "My own words on LinkedIn.", postedAt: "2026-11-20" }).expect(200)).body;
    const url = await publish(listing.id);
    expect(postsLackingPageLink(edited.posts, url)).toHaveLength(8);
    const res = await member.post(`/api/listings/${listing.id}/posts/page-link`).expect(200);
    const after = res.body.posts as ListingPost[];
    expect(postsLackingPageLink(after, url)).toEqual([]);
    expect(after[0]).toMatchObject({ text: `My own words on LinkedIn.\n\n${url}`, postedAt: "2026-11-20", editedAt: edited.posts[0].editedAt });
    // Instagram captions carry no links; they are as they were.
    after.forEach((post, i) => {
      if (post.platform === "instagram") expect(post.text).toBe(before[i].text);
      expect(postLength(post.platform, post.text)).toBeLessThanOrEqual(PLATFORM_LIMITS[post.platform as PostPlatform]);
    });
    const [entry] = await ctx.db.select().from(auditEvents).where(and(eq(auditEvents.listingId, listing.id), eq(auditEvents.kind, "listing.posts-page-linked")));
    expect(entry.data).toEqual({ posts: 8 });
    // Nothing left to add: no second entry.
    await member.post(`/api/listings/${listing.id}/posts/page-link`).expect(200);
    expect(await ctx.db.select().from(auditEvents).where(and(eq(auditEvents.listingId, listing.id), eq(auditEvents.kind, "listing.posts-page-linked")))).toHaveLength(1);
  });

  it("replaces a rotated link where it stood, writes again an unedited post the link does not fit, and leaves an edited one for its author", async () => {
    const listing = await createListing(ctx.db, { listingName: "Elm Street Offices", city: "Pittsburgh", state: "PA", offeringType: "Lease" });
    const old = await publish(listing.id);
    const url = (await member.post(`/api/listings/${listing.id}/publication/rotate`).expect(200)).body.url as string;
    const full = "Elm Street Offices in Pittsburgh. " + "Bright space near the river. ".repeat(9);
    await setPosts(listing.id, [
      { platform: "x", text: `Elm Street Offices, for lease: ${old} #CRE` },
      { platform: "x", text: full.slice(0, 270).trim() },
      { platform: "x", text: full.slice(0, 270).trim(), editedAt: "2026-11-20T10:00:00.000Z" },
      { platform: "other", text: "An email from before platforms." },
    ]);
    const after = (await member.post(`/api/listings/${listing.id}/posts/page-link`).expect(200)).body.posts as ListingPost[];
    expect(after[0].text).toBe(`Elm Street Offices, for lease: ${url} #CRE`);
    expect(after[1].text).toContain(url);
    expect(postLength("x", after[1].text)).toBeLessThanOrEqual(280);
    expect(after[2].text).toBe(full.slice(0, 270).trim());
    expect(after[3].text).toBe("An email from before platforms.");
    expect(postsLackingPageLink(after, url)).toEqual([2]);
  });

  it("is a 409 that changes nothing while the page is not published, and a 404 for an unknown listing", async () => {
    const listing = await created();
    const res = await member.post(`/api/listings/${listing.id}/posts/page-link`).expect(409);
    expect(res.body.message).toMatch(/publish/i);
    expect((await member.get(`/api/listings/${listing.id}`).expect(200)).body.posts).toEqual(listing.posts);
    await member.post("/api/listings/00000000-0000-4000-8000-00000000beef/posts/page-link").expect(404);
  });

  it("puts the page's link in place of the listing's own flyer link, so that each post keeps one link", async () => {
    const flyer = "https://example.com/flyers/elm-street.pdf";
    const listing = (await member.post("/api/listings").send(validListingInput({ askingPrice: "$1,650,000", marketingFlyerLink: flyer })).expect(201)).body;
    const before = listing.posts as ListingPost[];
    for (const post of before) expect(post.text.includes(flyer), post.text).toBe(linkPlatforms.has(post.platform));
    const url = await publish(listing.id);
    const after = (await member.post(`/api/listings/${listing.id}/posts/page-link`).expect(200)).body.posts as ListingPost[];
    for (const post of after) {
      expect(post.text).not.toContain(flyer);
      expect(post.text.includes(url), post.text).toBe(linkPlatforms.has(post.platform));
      expect(postLength(post.platform, post.text)).toBeLessThanOrEqual(PLATFORM_LIMITS[post.platform as PostPlatform]);
    }
  });
});

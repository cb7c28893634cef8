import { and, eq } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, listings } from "../../db/tables.js";
import { createListing } from "../../test/factories.js";
import { contextWithMember, createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { TEST_SCRYPT_COST } from "../../test/test-constants.js";

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  ({ ctx, member } = await contextWithMember());
});
afterAll(() => ctx.close());

const entries = (listingId: string, kind: string) =>
  ctx.db.select().from(auditEvents).where(and(eq(auditEvents.listingId, listingId), eq(auditEvents.kind, kind)));
const pathOf = (url: string) => new URL(url).pathname;
const anonymous = () => supertest(ctx.app);

describe("a listing's publication", () => {
  it("starts unpublished, with an absolute link from the request's origin and a token of at least 128 random bits", async () => {
    const listing = await createListing(ctx.db);
    const res = await member.get(`/api/listings/${listing.id}/publication`).expect(200);
    expect(res.body).toEqual({ published: false, url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/l\/[A-Za-z0-9_-]{24}$/), indexable: false, showAddress: true, flyerGate: false, publishedAt: null, inventory: false, syndicate: false });
    // 24 base64url characters are 144 bits; asking again gives the same link.
    expect(pathOf((await member.get(`/api/listings/${listing.id}/publication`).expect(200)).body.url)).toBe(pathOf(res.body.url));
    const other = await member.get(`/api/listings/${(await createListing(ctx.db)).id}/publication`).expect(200);
    expect(pathOf(other.body.url)).not.toBe(pathOf(res.body.url));
    // Not published yet: the page is not available.
    await anonymous().get(pathOf(res.body.url)).expect(410);
  });

  it("announces no change when the first look makes the unpublished row, and one when it is published", async () => {
    const listing = await createListing(ctx.db);
    // The creation's change arrives asynchronously on PostgreSQL: heard before listening starts.
    await ctx.afterChange(() => createListing(ctx.db));
    const heard: string[] = [];
    const stop = ctx.changes.subscribe((message) => {
      if (message.type === "change" && message.change.kind === "listings" && message.change.ids?.includes(listing.id)) heard.push(message.change.kind);
    });
    try {
      // A read makes the row: every teammate's open screen would read its listings again for nothing.
      await member.get(`/api/listings/${listing.id}/publication`).expect(200);
      await ctx.afterChange(() => createListing(ctx.db));
      expect(heard).toEqual([]);
      // Publishing changes what the listing's detail and its page show.
      await member.put(`/api/listings/${listing.id}/publication`).send({ published: true }).expect(200);
      await ctx.afterChange(() => createListing(ctx.db));
      expect(heard).toEqual(["listings"]);
    } finally {
      stop();
    }
  });

  it("builds the link from PUBLIC_URL when it is set", async () => {
    const withUrl = await createTestContext({ env: { TRUST_PROXY: false, AUTH_SCRYPT_COST: TEST_SCRYPT_COST, PUBLIC_URL: "https://desk.example.com" } });
    try {
      const agent = (await withUrl.userAgent()).agent;
      const listing = await createListing(withUrl.db);
      const res = await agent.get(`/api/listings/${listing.id}/publication`).expect(200);
      expect(res.body.url).toMatch(/^https:\/\/desk\.example\.com\/l\/[A-Za-z0-9_-]{24}$/);
    } finally {
      await withUrl.close();
    }
  });

  it("publishes and unpublishes: the page answers 200 then 410, each change in the listing's timeline", async () => {
    const listing = await createListing(ctx.db);
    const published = await member.put(`/api/listings/${listing.id}/publication`).send({ published: true }).expect(200);
    expect(published.body).toMatchObject({ published: true, indexable: false, showAddress: true });
    expect(Date.parse(published.body.publishedAt)).toBeGreaterThan(Date.now() - 60_000);
    const page = await anonymous().get(pathOf(published.body.url)).expect(200);
    // No agent and no brand yet: no empty Contact heading.
    expect(page.text).not.toContain("<h2>Contact</h2>");
    expect(await entries(listing.id, "listing.published")).toHaveLength(1);

    const again = await member.put(`/api/listings/${listing.id}/publication`).send({ published: true }).expect(200);
    expect({ ...again.body, url: pathOf(again.body.url) }).toEqual({ ...published.body, url: pathOf(published.body.url) });
    expect(await entries(listing.id, "listing.published")).toHaveLength(1);

    await ctx.afterChange(() => member.put(`/api/listings/${listing.id}/publication`).send({ published: false }).expect(200));
    const gone = await anonymous().get(pathOf(published.body.url)).expect(410);
    expect(gone.text).toContain("This listing is no longer available");
    expect(gone.text).not.toContain(listing.listingName);
    expect(await entries(listing.id, "listing.unpublished")).toHaveLength(1);
  });

  it("rotates the link: the old one answers 404, the new one the page", async () => {
    const listing = await createListing(ctx.db);
    const before = (await member.put(`/api/listings/${listing.id}/publication`).send({ published: true }).expect(200)).body;
    await anonymous().get(pathOf(before.url)).expect(200);
    const after = (await ctx.afterChange(() => member.post(`/api/listings/${listing.id}/publication/rotate`).expect(200))).body;
    expect(after).toEqual({ ...before, url: expect.any(String) });
    expect(pathOf(after.url)).not.toBe(pathOf(before.url));
    await anonymous().get(pathOf(before.url)).expect(404);
    await anonymous().get(pathOf(after.url)).expect(200);
    expect(await entries(listing.id, "listing.public-link-rotated")).toHaveLength(1);
  });

  it("'show the street address' is the listing's one confidential flag, saved as a listing edit", async () => {
    const listing = await createListing(ctx.db, { address: "17 Hidden Lane", city: "Fairmont", state: "WV" });
    const res = await member.put(`/api/listings/${listing.id}/publication`).send({ published: true, showAddress: false }).expect(200);
    expect(res.body.showAddress).toBe(false);
    const [row] = await ctx.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(row.addressConfidential).toBe(true);
    const edits = await entries(listing.id, "listing.edited");
    expect((edits.at(-1)!.data as { changes: Record<string, unknown> }).changes.addressConfidential).toEqual([false, true]);
    const page = await anonymous().get(pathOf(res.body.url)).expect(200);
    expect(page.text).not.toContain("17 Hidden Lane");
    expect(page.text).toContain("Fairmont, WV");
    // The flag set from the listing's form reads back here too.
    await member.put(`/api/listings/${listing.id}`).send({ addressConfidential: false }).expect(200);
    expect((await member.get(`/api/listings/${listing.id}/publication`).expect(200)).body.showAddress).toBe(true);
  });

  it("the indexable switch is logged and decides the robots tag", async () => {
    const listing = await createListing(ctx.db);
    const url = (await member.put(`/api/listings/${listing.id}/publication`).send({ published: true }).expect(200)).body.url;
    expect((await anonymous().get(pathOf(url)).expect(200)).text).toContain('<meta name="robots" content="noindex">');
    await ctx.afterChange(() => member.put(`/api/listings/${listing.id}/publication`).send({ published: true, indexable: true }).expect(200));
    expect((await anonymous().get(pathOf(url)).expect(200)).text).not.toContain("noindex");
    const changed = await entries(listing.id, "listing.publication-changed");
    expect((changed[0].data as { changes: unknown }).changes).toEqual({ indexable: [false, true] });
  });

  it("refuses bad input with a message and changes nothing", async () => {
    const listing = await createListing(ctx.db);
    const bad = await member.put(`/api/listings/${listing.id}/publication`).send({ published: "yes" }).expect(400);
    expect(bad.body.errors.published).toBe("published must be true or false");
    await member.put(`/api/listings/${listing.id}/publication`).send({ published: true, extra: 1 }).expect(400);
    expect((await member.get(`/api/listings/${listing.id}/publication`).expect(200)).body.published).toBe(false);
    await member.put(`/api/listings/00000000-0000-4000-8000-000000000000/publication`).send({ published: true }).expect(404);
  });

  it("never serves an inactive listing, and answers unknown and malformed tokens alike with 404", async () => {
    const listing = await createListing(ctx.db);
    const url = (await member.put(`/api/listings/${listing.id}/publication`).send({ published: true }).expect(200)).body.url;
    await ctx.afterChange(() => member.post(`/api/listings/${listing.id}/toggle`).expect(200));
    await anonymous().get(pathOf(url)).expect(410);
    const unknown = await anonymous().get("/l/AAAAAAAAAAAAAAAAAAAAAAAA").expect(404);
    const malformed = await anonymous().get("/l/not-a-token").expect(404);
    expect(malformed.text).toBe(unknown.text);
  });
});

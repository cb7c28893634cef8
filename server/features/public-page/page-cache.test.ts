// The public page's caches are keyed by the listing's versions, not by the request's Host:
// a crowd of Host headers is one render,
// and nothing of the Host reaches the page. Canonical addresses come from the trusted origin.
import sharp from "sharp";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPagesOf } from "../../app.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { uploadImage } from "../../test/uploads.js";

let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.userAgent({ isAdmin: true })).agent;
});
afterAll(() => ctx.close());

// Allowed hosts (any IP literal is), each a different origin.
const HOSTS = Array.from({ length: 12 }, (_, i) => `198.51.100.${i + 1}`);
const anonymous = () => supertest(ctx.app);

async function publishedPage(withPhoto = false) {
  const listing = await createListing(ctx.db, { listingName: `Cache Plaza ${Math.random().toString(36).slice(2, 7)}` });
  if (withPhoto) {
    const url = await uploadImage(admin, await sharp({ create: { width: 800, height: 500, channels: 3, background: "#336699" } }).jpeg().toBuffer());
    await admin.post(`/api/listings/${listing.id}/photos`).send({ url }).expect(201);
  }
  const res = await admin.put(`/api/listings/${listing.id}/publication`).send({ published: true }).expect(200);
  return new URL(res.body.url).pathname;
}

describe("the public page's caches", () => {
  it("make one page and one preview image for any number of Host headers, with no trace of the Host", async () => {
    await admin.put("/api/settings/app-address").send({ address: "https://desk.example.com" }).expect(200);
    const path = await publishedPage(true);
    // The app's own page service, to count what it keeps in memory.
    const pages = publicPagesOf(ctx.app)!;
    const before = pages.cached();
    const bodies = new Set<string>();
    const tags = new Set<string>();
    const previewTags = new Set<string>();
    for (const host of HOSTS) {
      const res = await anonymous().get(path).set("Host", host).expect(200);
      expect(res.text).not.toContain(host);
      bodies.add(res.text);
      tags.add(res.headers.etag);
      const og = await anonymous().get(`${path}/og.jpg`).set("Host", host).expect(200);
      previewTags.add(og.headers.etag);
    }
    expect(bodies.size).toBe(1);
    expect(tags.size).toBe(1);
    expect(previewTags.size).toBe(1);
    expect(pages.cached()).toEqual({ pages: before.pages + 1, previews: before.previews + 1 });
    const [html] = bodies;
    expect(html).toContain(`<link rel="canonical" href="https://desk.example.com${path}">`);
    expect(html).toContain(`content="https://desk.example.com${path}/og.jpg?v=`);
    // The page's own links are root-relative.
    expect(html).toContain(`action="${path}/inquiries"`);
    expect(html).toContain(`href="${path}/flyer.pdf"`);
  });

  it("leave the absolute addresses out while the server has no trusted origin", async () => {
    await admin.put("/api/settings/app-address").send({ address: "" }).expect(200);
    const path = await publishedPage();
    const html = (await anonymous().get(path).set("Host", HOSTS[0]).expect(200)).text;
    expect(html).not.toContain(HOSTS[0]);
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('property="og:url"');
    expect(html).toContain(`<meta property="og:image" content="${path}/og.jpg?v=`);
    expect(html).not.toMatch(/"url":/);
  });
  it("show a change made through this server on the very next request, though the change is not heard yet", async () => {
    const listing = await createListing(ctx.db, { listingName: `Heard Plaza ${Math.random().toString(36).slice(2, 7)}` });
    const path = new URL((await admin.put(`/api/listings/${listing.id}/publication`).send({ published: true }).expect(200)).body.url).pathname;
    // In memory, under the versions as they stand.
    expect((await anonymous().get(path).expect(200)).text).toContain("Heard Plaza");
    // The database's announcements held back, as a slow LISTEN connection would: the versions do
    // not move, and only the write's being unheard keeps the page from coming from memory.
    const held: string[] = [];
    const receive = ctx.changes.receive.bind(ctx.changes);
    ctx.changes.receive = (payload) => void held.push(payload);
    try {
      await admin.put(`/api/listings/${listing.id}`).send({ listingName: "Renamed Plaza" }).expect(200);
      expect((await anonymous().get(path).expect(200)).text).toContain("Renamed Plaza");
    } finally {
      ctx.changes.receive = receive;
      for (const payload of held) receive(payload);
    }
  });
});

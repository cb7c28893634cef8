// A public page and its preview image answered before Express:
// no request log, the same bytes and headers
// as the route (security headers included), the route's 304s, the view counted, and never where
// the route would answer otherwise.
import type { Express } from "express";
import sharp from "sharp";
import supertest from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { temporaryStorage } from "../../integrations/storage/local-storage.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";
import { uploadImage } from "../../test/uploads.js";
import { binary, watchedApp, withoutDate, type WatchedApp } from "../../test/watched-app.js";

const storage = temporaryStorage();
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

let ctx: TestContext;
let app: Express;
let watched: WatchedApp;
let member: TestClient;
beforeAll(async () => {
  ctx = await createTestContext({ storage });
  watched = watchedApp(ctx, { storage });
  app = watched.app;
  const user = await ctx.createUser();
  member = supertest.agent(app);
  await member.post("/api/login").send({ username: user.username, password: TEST_PASSWORD }).expect(200);
});
afterAll(() => ctx.close());
beforeEach(() => ctx.changes.setLive(true));

async function published(): Promise<{ listingId: string; path: string }> {
  const url = await uploadImage(member, await sharp({ create: { width: 800, height: 500, channels: 3, background: "#aa5533" } }).jpeg().toBuffer());
  const listing = await createListing(ctx.db, { listingName: `Early Plaza ${Math.random().toString(36).slice(2, 7)}` });
  await member.post(`/api/listings/${listing.id}/photos`).send({ url }).expect(201);
  const res = await member.put(`/api/listings/${listing.id}/publication`).send({ published: true }).expect(200);
  return { listingId: listing.id, path: new URL(res.body.url).pathname };
}

/** The same request through the route (the change bus down: nothing is trusted from memory) and then from memory. */
async function bothWays(request: () => supertest.Test) {
  ctx.changes.setLive(false);
  const normal = await watched.counted(() => request().buffer(true).parse(binary));
  ctx.changes.setLive(true);
  // Asks until the page is in memory under the versions the bus reads back.
  const early = await watched.answeredEarly(() => request().buffer(true).parse(binary));
  expect(normal.logged.length).toBe(1);
  return { normal: normal.res, early: early.res };
}

describe("a public page before Express", () => {
  it("sends the page, plain and gzipped, with the route's bytes and headers, security headers included", async () => {
    const { path } = await published();
    for (const encoding of ["identity", "gzip, deflate, br"]) {
      const { normal, early } = await bothWays(() => supertest(app).get(path).set("Accept-Encoding", encoding));
      expect(early.status).toBe(200);
      expect(Buffer.compare(early.body as Buffer, normal.body as Buffer)).toBe(0);
      expect(withoutDate(early.headers)).toEqual(withoutDate(normal.headers));
      expect(early.headers).toMatchObject({
        "content-type": "text/html; charset=utf-8",
        "cache-control": "public, no-cache",
        "content-security-policy": expect.stringContaining("default-src 'self'"),
        "x-content-type-options": "nosniff",
        "x-frame-options": "SAMEORIGIN",
        vary: "Accept-Encoding",
      });
      expect(early.headers["content-encoding"]).toBe(encoding === "identity" ? undefined : "gzip");
      expect(early.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("answers a current copy with the route's 304, for a list of tags or a weak one too", async () => {
    const { path } = await published();
    const etag = (await supertest(app).get(path).expect(200)).headers.etag;
    for (const ifNoneMatch of [etag, `"page-other", ${etag}`, `W/${etag}`]) {
      const { normal, early } = await bothWays(() => supertest(app).get(path).set("If-None-Match", ifNoneMatch));
      expect(normal.status).toBe(304);
      expect(early.status).toBe(304);
      expect(withoutDate(early.headers)).toEqual(withoutDate(normal.headers));
    }
  });

  it("sends the preview image and its 304 as the route does", async () => {
    const { path } = await published();
    const og = await supertest(app).get(`${path}/og.jpg`).expect(200);
    const both = await bothWays(() => supertest(app).get(`${path}/og.jpg`));
    expect(both.early.status).toBe(200);
    expect(Buffer.compare(both.early.body as Buffer, both.normal.body as Buffer)).toBe(0);
    expect(withoutDate(both.early.headers)).toEqual(withoutDate(both.normal.headers));
    expect(both.early.headers).toMatchObject({ "content-type": "image/jpeg", "cache-control": "public, no-cache", etag: og.headers.etag });
    const conditional = await bothWays(() => supertest(app).get(`${path}/og.jpg`).set("If-None-Match", og.headers.etag));
    expect(conditional.early.status).toBe(304);
    expect(withoutDate(conditional.early.headers)).toEqual(withoutDate(conditional.normal.headers));
  });

  it("counts a person's view as the route does", async () => {
    const { listingId, path } = await published();
    await watched.answeredEarly(() => supertest(app).get(path).expect(200));
    const views = async () => (await member.get(`/api/listings/${listingId}/marketing`).expect(200)).body.views as number;
    const before = await views();
    // A visitor not seen before, answered from memory.
    expect((await watched.counted(() => supertest(app).get(path).set("User-Agent", `${BROWSER} Early/1`).expect(200))).logged).toEqual([]);
    expect(await views()).toBe(before + 1);
  });

  it("leaves to the routes what they would answer otherwise: a query, HEAD, an unknown token, an unpublished page", async () => {
    const { listingId, path } = await published();
    await supertest(app).get(path).expect(200);
    for (const request of [() => supertest(app).get(`${path}?sent=1`), () => supertest(app).head(path), () => supertest(app).get(`/l/${"x".repeat(24)}`)]) {
      const { logged: lines } = await watched.counted(() => request());
      expect(lines.length).toBe(1);
    }
    await member.put(`/api/listings/${listingId}/publication`).send({ published: false }).expect(200);
    await expect.poll(async () => (await supertest(app).get(path)).status, { timeout: 10_000 }).toBe(410);
  });
});

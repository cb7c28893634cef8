// An unchanged OM answered before Express, as the flyer is: no query and no request log, the same
// bytes and headers as the route; and never once what it is made from has changed, its own
// sections and the brokerage's defaults included (their tables move the freshness token).
import type { Express } from "express";
import supertest from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_OM_SECTIONS } from "../../../shared/om-sections.js";
import { temporaryStorage } from "../../integrations/storage/local-storage.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";
import { binary, watchedApp, withoutDate, type WatchedApp } from "../../test/watched-app.js";
import { TIMEOUT } from "../../../testing/timeouts.js";

const storage = temporaryStorage();

let ctx: TestContext;
let app: Express;
let watched: WatchedApp;
let member: TestClient;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestContext({ storage });
  watched = watchedApp(ctx, { storage });
  app = watched.app;
  member = await signedIn(false);
  admin = await signedIn(true);
}, TIMEOUT.serverSetup);
afterAll(() => ctx.close());
beforeEach(() => ctx.changes.setLive(true));

async function signedIn(isAdmin: boolean): Promise<TestClient> {
  const user = await ctx.createUser({ isAdmin });
  const agent = supertest.agent(app);
  await agent.post("/api/login").send({ username: user.username, password: TEST_PASSWORD }).expect(200);
  return agent;
}

async function omMadeOnce(): Promise<{ listingId: string; path: string }> {
  const listing = await createListing(ctx.db, { listingName: "Riverside Retail", offeringType: "Sell", askingPrice: 900_000 });
  const path = `/api/listings/${listing.id}/om.pdf`;
  await member.get(path).expect(200);
  return { listingId: listing.id, path };
}

describe("an unchanged OM before Express", () => {
  it("is the route's PDF and headers with no database query and no request log, and its 304 likewise", async () => {
    const { path } = await omMadeOnce();
    // Forget every cached session: this read takes the route.
    ctx.changes.receive(JSON.stringify({ kind: "sessions", many: true }));
    const normal = await watched.counted(() => member.get(path).buffer(true).parse(binary));
    expect(normal.res.status).toBe(200);
    expect(normal.queries).toBeGreaterThan(0);
    expect(normal.logged).toEqual([path]);

    const early = await watched.answeredEarly(() => member.get(path).buffer(true).parse(binary));
    expect(early.res.status).toBe(200);
    expect(early.queries).toBe(0);
    expect(Buffer.compare(early.res.body as Buffer, normal.res.body as Buffer)).toBe(0);
    expect(withoutDate(early.res.headers)).toEqual(withoutDate(normal.res.headers));
    expect(early.res.headers["content-disposition"]).toBe('attachment; filename="Riverside-Retail-OM.pdf"');

    const held = await watched.counted(() => member.get(path).set("If-None-Match", normal.res.headers.etag as string));
    expect(held.res.status).toBe(304);
    expect(held.queries).toBe(0);
    await supertest(app).get(path).expect(401);
  });

  it("is made anew once the listing's sections, the brokerage's defaults or its rent roll change", async () => {
    const { listingId, path } = await omMadeOnce();
    const tags = [(await watched.answeredEarly(() => member.get(path))).res.headers.etag as string];
    // The defaults first, while the listing follows them; then its own sections; then its rent roll.
    const changes = [
      () => admin.put("/api/settings/om-defaults").send({ sections: DEFAULT_OM_SECTIONS.map((s) => ({ ...s, enabled: s.key !== "photos" })) }).expect(200),
      () => member.put(`/api/listings/${listingId}/om`).send({ sections: DEFAULT_OM_SECTIONS.map((s) => ({ ...s, enabled: s.key !== "property-overview" })) }).expect(200),
      () => member.post(`/api/listings/${listingId}/rent-roll`).send({ tenant: "Corner Cafe", sizeSf: 2000, annualRent: 48_000 }).expect(201),
    ];
    for (const change of changes) {
      await change();
      // Another member's write is heard through the database's NOTIFY (asynchronous on PostgreSQL).
      await expect.poll(async () => tags.includes((await member.get(path).expect(200)).headers.etag as string), { timeout: TIMEOUT.condition }).toBe(false);
      tags.push((await watched.answeredEarly(() => member.get(path))).res.headers.etag as string);
    }
    await admin.put("/api/settings/om-defaults").send({ sections: DEFAULT_OM_SECTIONS }).expect(200);
  });
});

// An unchanged flyer answered before Express:
// no query and no request log, the same bytes and headers as the route, and never where the route
// would answer otherwise (signed out, a session ended, a paper it refuses, a changed listing).
import { eq } from "drizzle-orm";
import type { Express } from "express";
import sharp from "sharp";
import supertest from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "../../db/tables.js";
import { temporaryStorage } from "../../integrations/storage/local-storage.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";
import { uploadImage } from "../../test/uploads.js";
import { binary, watchedApp, withoutDate, type WatchedApp } from "../../test/watched-app.js";
import { revokeUserSessions } from "../sessions/service.js";

const storage = temporaryStorage();

let ctx: TestContext;
let app: Express;
let watched: WatchedApp;
let client: TestClient;
beforeAll(async () => {
  ctx = await createTestContext({ storage });
  watched = watchedApp(ctx, { storage });
  app = watched.app;
  client = await signedIn();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.changes.setLive(true));

async function signedIn(): Promise<TestClient> {
  const user = await ctx.createUser();
  const agent = supertest.agent(app);
  await agent.post("/api/login").send({ username: user.username, password: TEST_PASSWORD }).expect(200);
  return agent;
}


/** A listing with a photo, its flyer made and checked once (cached from then on); its path. */
async function flyerMadeOnce(who: TestClient = client, query = ""): Promise<string> {
  const image = await uploadImage(who, await sharp({ create: { width: 800, height: 600, channels: 3, background: "#336699" } }).jpeg().toBuffer());
  const listing = await createListing(ctx.db, { imageUrl: image, listingName: "Riverside Retail" });
  const path = `/api/listings/${listing.id}/flyer.pdf${query}`;
  await who.get(path).expect(200);
  return path;
}

describe("an unchanged flyer before Express", () => {
  it.each(["", "?paper=a4"])("%s: the PDF with no database query and no request log, the bytes and headers the route sends", async (query) => {
    const path = await flyerMadeOnce(client, query);
    // Forget every cached session: this read takes the route (session store, passport, helmet, the request log).
    ctx.changes.receive(JSON.stringify({ kind: "sessions", many: true }));
    const normal = await watched.counted(() => client.get(path).buffer(true).parse(binary));
    expect(normal.res.status).toBe(200);
    expect(normal.queries).toBeGreaterThan(0);
    expect(normal.logged).toEqual([path]);

    const early = await watched.answeredEarly(() => client.get(path).buffer(true).parse(binary));
    expect(early.res.status).toBe(200);
    expect(early.queries).toBe(0);
    expect(Buffer.compare(early.res.body as Buffer, normal.res.body as Buffer)).toBe(0);
    expect(withoutDate(early.res.headers)).toEqual(withoutDate(normal.res.headers));
    expect(early.res.headers).toMatchObject({
      "content-type": "application/pdf",
      "content-length": String((normal.res.body as Buffer).length),
      "content-disposition": 'attachment; filename="Riverside-Retail-flyer.pdf"',
      "cache-control": "private, no-cache",
      "content-security-policy": expect.stringContaining("default-src 'self'"),
      "x-content-type-options": "nosniff",
    });
    expect(early.res.headers["set-cookie"]).toBeUndefined();
  });

  it("answers a matching If-None-Match with the route's 304, from memory too", async () => {
    const path = await flyerMadeOnce();
    const etag = (await client.get(path).expect(200)).headers.etag;
    ctx.changes.receive(JSON.stringify({ kind: "sessions", many: true }));
    const normal = await watched.counted(() => client.get(path).set("If-None-Match", etag));
    expect(normal.res.status).toBe(304);
    expect(normal.logged).toEqual([path]);
    const early = await watched.answeredEarly(() => client.get(path).set("If-None-Match", `"flyer-other", ${etag}`));
    expect(early.res.status).toBe(304);
    expect(early.queries).toBe(0);
    expect(withoutDate(early.res.headers)).toEqual(withoutDate(normal.res.headers));
  });

  it("leaves to the route what it would answer otherwise: signed out, another paper, a listing changed", async () => {
    const path = await flyerMadeOnce();
    await supertest(app).get(path).expect(401);
    expect((await client.get(`${path}?paper=A4`)).status).toBe(400);
    expect((await client.head(path)).status).toBe(200);

    const listingId = path.split("/")[3];
    const before = (await client.get(path).expect(200)).headers.etag;
    await client.put(`/api/listings/${listingId}`).send({ listingName: "Renamed Retail" }).expect(200);
    const after = await client.get(path).expect(200);
    expect(after.headers.etag).not.toBe(before);
    expect(after.headers["content-disposition"]).toBe('attachment; filename="Renamed-Retail-flyer.pdf"');
  });

  it("never hands a flyer to a session ended or a user deactivated meanwhile", async () => {
    for (const end of [
      (id: number) => revokeUserSessions(ctx.db, id),
      (id: number) => ctx.db.update(users).set({ isActive: false }).where(eq(users.id, id)),
    ]) {
      const user = await ctx.createUser();
      const agent = supertest.agent(app);
      await agent.post("/api/login").send({ username: user.username, password: TEST_PASSWORD }).expect(200);
      const path = await flyerMadeOnce(agent);
      expect((await watched.answeredEarly(() => agent.get(path))).res.status).toBe(200);
      // Ended outside the app: wait for its NOTIFY (asynchronous on PostgreSQL) to reach the caches.
      await ctx.afterChange(() => end(user.id));
      expect((await agent.get(path)).status).toBe(401);
    }
  });
});

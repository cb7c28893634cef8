import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Express } from "express";
import supertest from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { listings, sessions, users } from "../../db/tables.js";
import { createListing } from "../../test/factories.js";
import { buildApp, createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";
import { watchedApp, withoutDate, type WatchedApp } from "../../test/watched-app.js";
import { addNote } from "../notes/service.js";
import { revokeUserSessions } from "../sessions/service.js";

let ctx: TestContext;
let watched: WatchedApp;
let app: Express;
let client: TestClient;
let member: Awaited<ReturnType<TestContext["createUser"]>>;
beforeAll(async () => {
  ctx = await createTestContext();
  watched = watchedApp(ctx);
  app = watched.app;
  member = await ctx.createUser();
  client = supertest.agent(app);
  await client.post("/api/login").send({ username: member.username, password: TEST_PASSWORD }).expect(200);
});
afterAll(() => ctx.close());
beforeEach(() => ctx.changes.setLive(true));


/** Warms the caches with one full read, then counts the database work of a revalidation. */
async function revalidate(path: string) {
  // A first read may write (settings are created on first sight), which is a change of its own.
  await client.get(path).expect(200);
  const first = await client.get(path).expect(200);
  const etag = first.headers.etag;
  expect(etag).toBeTruthy();
  const { res: again, queries } = await watched.counted(() => client.get(path).set("If-None-Match", etag));
  return { first, again, etag, queries };
}

describe("unchanged reads", () => {
  it.each(["/api/listings/active", "/api/listings", "/api/listings/counts", "/api/agents", "/api/notifications", "/api/settings"])(
    "%s: a matching If-None-Match is a 304 with no database work at all (session included)",
    async (path) => {
      // Its change notice must have arrived: one landing between the two reads moves the version.
      await ctx.afterChange(() => createListing(ctx.db));
      const { again, queries: used } = await revalidate(path);
      expect(again.status).toBe(304);
      expect(used).toBe(0);
    },
  );

  it("a changed list gets a new tag and the new body, rendered once and reused, gzip included", async () => {
    const { etag } = await revalidate("/api/listings/active");
    const listing = await ctx.afterChange(() => createListing(ctx.db, { listingName: "Fresh Off The Press" }));
    const changed = await client.get("/api/listings/active").set("If-None-Match", etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body.map((l: { id: string }) => l.id)).toContain(listing.id);

    watched.resetQueries();
    const zipped = await client.get("/api/listings/active").set("Accept-Encoding", "gzip");
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.body).toEqual(changed.body);
    const plain = await client.get("/api/listings/active").set("Accept-Encoding", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toEqual(changed.body);
    expect(watched.queries).toBe(0);
  });

  it("a note moves the lists' version (they show note counts)", async () => {
    const listing = await createListing(ctx.db);
    const { etag } = await revalidate("/api/listings/active");
    await ctx.afterChange(() => addNote(ctx.db, member, listing.id, "First call done"));
    const res = await client.get("/api/listings/active").set("If-None-Match", etag);
    expect(res.status).toBe(200);
    expect(res.body.find((l: { id: string }) => l.id === listing.id).noteCount).toBe(1);
  });

  it("a mention moves only its recipient's notifications version", async () => {
    const other = await ctx.createUser();
    const listing = await createListing(ctx.db);
    const { etag } = await revalidate("/api/notifications");
    await ctx.afterChange(() => addNote(ctx.db, member, listing.id, `For @${other.username}`));
    expect((await client.get("/api/notifications").set("If-None-Match", etag)).status).toBe(304);
    await ctx.afterChange(() => addNote(ctx.db, other, listing.id, `Back to @${member.username}`));
    const mine = await client.get("/api/notifications").set("If-None-Match", etag);
    expect(mine.status).toBe(200);
    expect(mine.body).toHaveLength(1);
  });

  it("while the change bus is down every read goes to the database, and stays correct", async () => {
    const { etag } = await revalidate("/api/listings/active");
    ctx.changes.setLive(false);
    const listing = await createListing(ctx.db);
    await ctx.db.update(listings).set({ listingName: "Renamed While Deaf" }).where(eq(listings.id, listing.id));
    const { res, queries } = await watched.counted(() => client.get("/api/listings/active").set("If-None-Match", etag));
    expect(res.status).toBe(200);
    expect(queries).toBeGreaterThan(0);
    expect(res.body.find((l: { id: string }) => l.id === listing.id).listingName).toBe("Renamed While Deaf");
  });

  it("a cached session is refused on the next request after its user is deactivated", async () => {
    const user = await ctx.createUser();
    const agent = supertest.agent(buildApp(ctx.db, { changes: ctx.changes }));
    await agent.post("/api/login").send({ username: user.username, password: TEST_PASSWORD }).expect(200);
    await agent.get("/api/user").expect(200);
    await agent.get("/api/user").expect(200);
    // Changed outside the app, so it reaches the server by NOTIFY (asynchronous on PostgreSQL);
    // the app's session cache subscribed first, so it has dropped the user once this resolves.
    await ctx.afterChange(() => ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id)));
    await agent.get("/api/user").expect(401);
  });
});

describe("the early 304 (before every middleware)", () => {
  it.each(["/api/listings/active", "/api/notifications"])(
    "%s: answered with no database query and no request log, with the headers the normal path sends",
    async (path) => {
      const { etag } = await revalidate(path);
      // Forget every cached session: this revalidation takes the normal path (session store, passport, helmet).
      ctx.changes.receive(JSON.stringify({ kind: "sessions", many: true }));
      const { res: normal, queries: normalQueries, logged: normalLog } = await watched.counted(() => client.get(path).set("If-None-Match", etag));
      expect(normal.status).toBe(304);
      expect(normalQueries).toBeGreaterThan(0);
      expect(normalLog).toContain(path);

      const { res: early, queries: earlyQueries, logged: earlyLog } = await watched.counted(() => client.get(path).set("If-None-Match", etag));
      expect(early.status).toBe(304);
      expect(earlyQueries).toBe(0);
      expect(earlyLog).toEqual([]);
      expect(withoutDate(early.headers)).toEqual(withoutDate(normal.headers));
      expect(early.headers).toMatchObject({
        etag,
        "cache-control": "private, no-cache",
        "content-security-policy": expect.stringContaining("default-src 'self'"),
        "x-content-type-options": "nosniff",
        "x-frame-options": "SAMEORIGIN",
      });
      expect(early.headers["set-cookie"]).toBeUndefined();
    },
  );

  it("is given exactly where Express would give it: a list of tags, not another tag, not under no-cache", async () => {
    const { etag } = await revalidate("/api/listings/active");
    expect((await client.get("/api/listings/active").set("If-None-Match", `"v-other", ${etag}`)).status).toBe(304);
    expect((await client.get("/api/listings/active").set("If-None-Match", '"v-other"')).status).toBe(200);
    expect((await client.get("/api/listings/active").set("If-None-Match", etag).set("Cache-Control", "no-cache")).status).toBe(200);
  });

  it("never answers another user's tag of their own data, nor a forged or signed-out cookie", async () => {
    const { etag } = await revalidate("/api/notifications");
    const { agent: other } = await ctx.userAgent();
    await other.get("/api/notifications").expect(200);
    const theirs = await other.get("/api/notifications").set("If-None-Match", etag);
    expect(theirs.status).toBe(200);
    expect(theirs.headers.etag).not.toBe(etag);

    // The same session id, signed with another secret: express-session would not read it either.
    const genuine = await signedInCookie();
    const value = decodeURIComponent(genuine.slice(genuine.indexOf("=") + 1));
    const sid = value.slice(2, value.lastIndexOf("."));
    const forgedSignature = createHmac("sha256", "not-the-secret").update(sid).digest("base64").replace(/=+$/, "");
    const forged = `sid=${encodeURIComponent(`s:${sid}.${forgedSignature}`)}`;
    const list = await supertest(app).get("/api/notifications").set("Cookie", genuine).expect(200);
    const tag = list.headers.etag;
    expect((await supertest(app).get("/api/notifications").set("Cookie", genuine).set("If-None-Match", tag)).status).toBe(304);
    expect((await supertest(app).get("/api/notifications").set("Cookie", forged).set("If-None-Match", tag)).status).toBe(401);
    expect((await supertest(app).get("/api/notifications").set("If-None-Match", tag)).status).toBe(401);
  });

  it("never answers a revoked session, a deactivated user or an expired session", async () => {
    for (const end of [
      (id: number) => revokeUserSessions(ctx.db, id),
      (id: number) => ctx.db.update(users).set({ isActive: false }).where(eq(users.id, id)),
      (id: number) => ctx.db.update(users).set({ sessionEpoch: 99 }).where(eq(users.id, id)),
    ]) {
      const user = await ctx.createUser();
      const signedIn = supertest.agent(app);
      await signedIn.post("/api/login").send({ username: user.username, password: TEST_PASSWORD }).expect(200);
      await signedIn.get("/api/listings/active").expect(200);
      const { headers } = await signedIn.get("/api/listings/active").expect(200);
      expect((await signedIn.get("/api/listings/active").set("If-None-Match", headers.etag)).status).toBe(304);
      // Ended outside the app: wait for its NOTIFY (asynchronous on PostgreSQL) to reach the caches.
      await ctx.afterChange(() => end(user.id));
      expect((await signedIn.get("/api/listings/active").set("If-None-Match", headers.etag)).status).toBe(401);
    }
  });

  it("never answers a session past its expiry, though still cached", async () => {
    const { etag } = await revalidate("/api/listings/active");
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.userId, member.id));
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(row.expire.getTime() + 1_000);
      expect((await client.get("/api/listings/active").set("If-None-Match", etag)).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});

/** A fresh session's cookie header for a new user, signed in through this app. */
async function signedInCookie(): Promise<string> {
  const user = await ctx.createUser();
  const res = await supertest(app).post("/api/login").send({ username: user.username, password: TEST_PASSWORD }).expect(200);
  return String(res.headers["set-cookie"][0]).split(";")[0];
}

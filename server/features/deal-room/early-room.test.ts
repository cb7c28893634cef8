// The buyer's room page answered from memory before Express (early-room.ts, room-memory.ts): the
// route's bytes and headers, and never in the way of a refusal: a revocation or a closed deal
// is a 403 on the very next request after the page was answered from memory, and a new
// document is on the very next page.
import { eq } from "drizzle-orm";
import type { Express } from "express";
import supertest from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TIMEOUT } from "../../../testing/timeouts.ts";
import { roomGrants } from "../../db/tables.js";
import { temporaryStorage } from "../../integrations/storage/local-storage.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";
import { watchedApp, withoutDate, type WatchedApp } from "../../test/watched-app.js";
import { addDocument } from "../documents/test-documents.js";
import { hashToken, newToken } from "./tokens.js";

const storage = temporaryStorage();
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

/** Asks for the room until memory answers it (nothing logged), as a buyer reloading would. */
const primed = (room: string, encoding = "identity") => watched.answeredEarly(() => supertest(app).get(room).set("Accept-Encoding", encoding).expect(200));

/** A listing with its room on and one document, and a grant let in by the member with a token the test knows. */
async function roomWithGrant() {
  const listing = await createListing(ctx.db, { listingName: `Early Room ${Math.random().toString(36).slice(2, 7)}` });
  await member.put(`/api/listings/${listing.id}/room`).send({ enabled: true, approval: "auto" }).expect(200);
  await addDocument(member, listing.id, undefined, { title: "Rent roll", level: "ca", folder: "Financials" });
  const made = await member.post(`/api/listings/${listing.id}/room/grants`).send({ name: "Priya Natarajan", email: "priya@example.com", source: "waived", level: "ca" }).expect(201);
  const token = newToken();
  await ctx.db.update(roomGrants).set({ tokenHash: hashToken(token) }).where(eq(roomGrants.id, made.body.id));
  return { listing, grantId: made.body.id as number, room: `/r/${token}` };
}

describe("the buyer's room page from memory", { timeout: TIMEOUT.slow }, () => {
  it("sends the route's bytes and headers, plain and gzipped, security headers included", async () => {
    const { room } = await roomWithGrant();
    for (const encoding of ["identity", "gzip, deflate, br"]) {
      ctx.changes.setLive(false);
      const normal = await watched.counted(() => supertest(app).get(room).set("Accept-Encoding", encoding).expect(200));
      expect(normal.logged).toEqual([room]);
      ctx.changes.setLive(true);
      await primed(room, encoding);
      const early = await supertest(app).get(room).set("Accept-Encoding", encoding).expect(200);
      expect(early.text).toBe(normal.res.text);
      expect(early.text).toContain("Rent roll");
      expect(withoutDate(early.headers)).toEqual(withoutDate(normal.res.headers));
      expect(early.headers).toMatchObject({ "cache-control": "no-store", "referrer-policy": "no-referrer", "content-type": "text/html; charset=utf-8", "x-content-type-options": "nosniff" });
      expect(early.headers["content-encoding"]).toBe(encoding === "identity" ? undefined : "gzip");
    }
  });

  it("refuses on the very next request after a revocation, though the page was in memory and the change is not heard yet", async () => {
    const { listing, grantId, room } = await roomWithGrant();
    await primed(room);
    // The database's announcements held back, as a slow LISTEN connection would: the memory still
    // has the old version, and only the revocation's unheard write keeps it from answering.
    const held: string[] = [];
    const receive = ctx.changes.receive.bind(ctx.changes);
    ctx.changes.receive = (payload) => void held.push(payload);
    try {
      await member.patch(`/api/listings/${listing.id}/room/grants/${grantId}`).send({ status: "revoked" }).expect(200);
      const ended = await supertest(app).get(room).expect(403);
      expect(ended.text).toContain("Your access has ended");
    } finally {
      ctx.changes.receive = receive;
      for (const payload of held) receive(payload);
    }
    // And stays refused once the change is heard.
    await expect.poll(async () => (await supertest(app).get(room)).status, { timeout: TIMEOUT.condition }).toBe(403);
  });

  it("refuses on the very next request after the deal closes, and shows a new document on the next page", async () => {
    const { listing, room } = await roomWithGrant();
    await primed(room);
    await addDocument(member, listing.id, undefined, { title: "Trailing twelve", level: "ca", folder: "Financials" });
    expect((await supertest(app).get(room).expect(200)).text).toContain("Trailing twelve");
    await primed(room);
    await member.patch(`/api/listings/${listing.id}`).send({ dealStage: "Closed" }).expect(200);
    await supertest(app).get(room).expect(403);
  });

  it("leaves to the route what it answers otherwise: a query, HEAD, an unknown token", async () => {
    const { room } = await roomWithGrant();
    await primed(room);
    for (const request of [() => supertest(app).get(`${room}?x=1`), () => supertest(app).head(room), () => supertest(app).get(`/r/${newToken()}`)]) {
      expect((await watched.counted(() => request())).logged.length).toBe(1);
    }
  });
});

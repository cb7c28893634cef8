import { eq } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../db/database.js";
import { listings, users } from "../../db/tables.js";
import { createListing } from "../../test/factories.js";
import { buildApp, createTestContext, TEST_PASSWORD, type TestClient, type TestContext } from "../../test/test-app.js";
import { addNote } from "../notes/service.js";

const QUERIES = new Set(["select", "insert", "update", "delete", "execute", "transaction", "query", "$count"]);

let ctx: TestContext;
let queries = 0;
let client: TestClient;
let member: Awaited<ReturnType<TestContext["createUser"]>>;
beforeAll(async () => {
  ctx = await createTestContext();
  // The same app over a database handle that counts what is asked of it.
  const counting = new Proxy(ctx.db, {
    get(target, prop, receiver) {
      if (typeof prop === "string" && QUERIES.has(prop)) queries += 1;
      return Reflect.get(target, prop, receiver);
    },
  }) as Db;
  const app = buildApp(counting, { changes: ctx.changes });
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
  queries = 0;
  const again = await client.get(path).set("If-None-Match", etag);
  return { first, again, etag, queries };
}

describe("unchanged reads", () => {
  it.each(["/api/listings/active", "/api/listings", "/api/listings/counts", "/api/agents", "/api/notifications", "/api/settings"])(
    "%s: a matching If-None-Match is a 304 with no database work at all (session included)",
    async (path) => {
      await createListing(ctx.db);
      const { again, queries: used } = await revalidate(path);
      expect(again.status).toBe(304);
      expect(used).toBe(0);
    },
  );

  it("a changed list gets a new tag and the new body, rendered once and reused, gzip included", async () => {
    const { etag } = await revalidate("/api/listings/active");
    const listing = await createListing(ctx.db, { listingName: "Fresh Off The Press" });
    const changed = await client.get("/api/listings/active").set("If-None-Match", etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body.map((l: { id: string }) => l.id)).toContain(listing.id);

    queries = 0;
    const zipped = await client.get("/api/listings/active").set("Accept-Encoding", "gzip");
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.body).toEqual(changed.body);
    const plain = await client.get("/api/listings/active").set("Accept-Encoding", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toEqual(changed.body);
    expect(queries).toBe(0);
  });

  it("a note moves the lists' version (they show note counts)", async () => {
    const listing = await createListing(ctx.db);
    const { etag } = await revalidate("/api/listings/active");
    await addNote(ctx.db, member, listing.id, "First call done");
    const res = await client.get("/api/listings/active").set("If-None-Match", etag);
    expect(res.status).toBe(200);
    expect(res.body.find((l: { id: string }) => l.id === listing.id).noteCount).toBe(1);
  });

  it("a mention moves only its recipient's notifications version", async () => {
    const other = await ctx.createUser();
    const listing = await createListing(ctx.db);
    const { etag } = await revalidate("/api/notifications");
    await addNote(ctx.db, member, listing.id, `For @${other.username}`);
    expect((await client.get("/api/notifications").set("If-None-Match", etag)).status).toBe(304);
    await addNote(ctx.db, other, listing.id, `Back to @${member.username}`);
    const mine = await client.get("/api/notifications").set("If-None-Match", etag);
    expect(mine.status).toBe(200);
    expect(mine.body).toHaveLength(1);
  });

  it("while the change bus is down every read goes to the database, and stays correct", async () => {
    const { etag } = await revalidate("/api/listings/active");
    ctx.changes.setLive(false);
    const listing = await createListing(ctx.db);
    await ctx.db.update(listings).set({ listingName: "Renamed While Deaf" }).where(eq(listings.id, listing.id));
    queries = 0;
    const res = await client.get("/api/listings/active").set("If-None-Match", etag);
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
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    await agent.get("/api/user").expect(401);
  });
});

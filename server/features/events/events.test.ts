import { eq } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicUser } from "../../../shared/schema.js";
import { listings, users } from "../../db/tables.js";
import { listenOnLoopback, openStream, type StreamEvent, type TestStream } from "../../test/event-stream.js";
import { createAgent, createListing } from "../../test/factories.js";
import { httpClient } from "../../test/spawn-server.js";
import { createTestContext, type TestContext } from "../../test/test-app.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";
import { crexiList } from "../imports/import-fixtures.js";
import { revokeUserSessions } from "../sessions/service.js";

let ctx: TestContext;
let server: Awaited<ReturnType<typeof listenOnLoopback>>;
let base: string;
beforeAll(async () => {
  ctx = await createTestContext();
  server = await listenOnLoopback(ctx.app);
  base = server.base;
});
afterAll(async () => {
  await ctx.close();
  await server.close();
});

async function signedIn(user?: PublicUser) {
  const who = user ?? (await ctx.createUser());
  const client = httpClient(base);
  expect((await client.call("POST", "/api/login", { username: who.username, password: TEST_PASSWORD })).status).toBe(200);
  return { user: who, client, stream: (lastEventId?: string) => openStream(base, client.cookie, { lastEventId }) };
}

const named = (event: string) => (e: StreamEvent) => e.event === event;

/** A marker every stream hears after whatever came before it: events are sent in order. */
async function barrier(...streams: TestStream[]) {
  const agent = await createAgent(ctx.db);
  for (const s of streams) await s.next((e) => e.event === "agents" && s.events.indexOf(e) >= 0);
  return agent;
}

describe("GET /api/events", () => {
  it("is for signed-in users only", async () => {
    const res = await supertest(ctx.app).get("/api/events").set("Accept", "text/event-stream");
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Please sign in to continue");
    const anonymous = await openStream(base, "");
    expect(anonymous.status).toBe(401);
  });

  it("streams listing, note and agent changes to every signed-in user", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const stream = await bob.stream();
    expect(stream.status).toBe(200);
    await stream.next(named("ready"));

    const listing = await createListing(ctx.db);
    expect((await stream.next((e) => e.event === "listings" && (e.data as { ids: string[] }).ids.includes(listing.id))).data).toEqual({
      ids: [listing.id],
    });

    expect((await alice.client.call("POST", `/api/listings/${listing.id}/notes`, { content: "Called the owner" })).status).toBe(201);
    await stream.next((e) => e.event === "notes" && (e.data as { listingId: string }).listingId === listing.id);

    expect((await alice.client.call("DELETE", `/api/listings/${listing.id}`)).status).toBe(204);
    expect((await stream.next((e) => e.event === "listings" && (e.data as { deleted?: boolean }).deleted === true)).data).toEqual({
      ids: [listing.id],
      deleted: true,
    });

    await createAgent(ctx.db, { name: "Live Agent" });
    await stream.next(named("agents"));
    stream.close();
  });

  it("carries a user's notifications and settings to that user only", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const aliceStream = await alice.stream();
    const bobStream = await bob.stream();
    await aliceStream.next(named("ready"));
    await bobStream.next(named("ready"));

    const listing = await createListing(ctx.db);
    await alice.client.call("POST", `/api/listings/${listing.id}/notes`, { content: `Over to you @${bob.user.username}` });
    await bobStream.next(named("notifications"));
    expect((await bob.client.call("PATCH", "/api/settings", { enableCardShadow: false })).status).toBe(200);
    await bobStream.next(named("settings"));

    await barrier(aliceStream, bobStream);
    expect(aliceStream.events.map((e) => e.event)).not.toContain("notifications");
    expect(aliceStream.events.map((e) => e.event)).not.toContain("settings");
    aliceStream.close();
    bobStream.close();
  });

  it("ends at logout", async () => {
    const alice = await signedIn();
    const stream = await alice.stream();
    await stream.next(named("ready"));
    expect((await alice.client.call("POST", "/api/logout")).status).toBe(204);
    await stream.ended;
    expect((await openStream(base, alice.client.cookie)).status).toBe(401);
  });

  it("ends when the user is deactivated or their sessions are revoked, and only theirs", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const carol = await signedIn();
    const aliceStream = await alice.stream();
    const bobStream = await bob.stream();
    const carolStream = await carol.stream();
    await Promise.all([aliceStream, bobStream, carolStream].map((s) => s.next(named("ready"))));

    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, alice.user.id));
    await aliceStream.ended;
    await revokeUserSessions(ctx.db, bob.user.id);
    await bobStream.ended;

    await barrier(carolStream);
    expect((await carol.client.call("GET", "/api/user")).status).toBe(200);
    expect((await alice.client.call("GET", "/api/user")).status).toBe(401);
    expect((await bob.client.call("GET", "/api/user")).status).toBe(401);
    carolStream.close();
  });

  it("replays what a reconnecting client missed, from its Last-Event-ID", async () => {
    const alice = await signedIn();
    const first = await alice.stream();
    await first.next(named("ready"));
    const lastEventId = first.lastEventId();
    first.close();

    const listing = await createListing(ctx.db);
    const again = await alice.stream(lastEventId);
    await again.next((e) => e.event === "listings" && (e.data as { ids: string[] }).ids.includes(listing.id));
    expect(again.events.map((e) => e.event)).not.toContain("resync");
    again.close();
  });

  it("publishes nothing for a rolled-back write, and one 'many' event for a statement past 100 ids", async () => {
    const template = await createListing(ctx.db);
    const { id: _id, createdAt: _createdAt, ...row } = template;
    await ctx.db.insert(listings).values(Array.from({ length: 120 }, (_, i) => ({ ...row, listingName: `Bulk ${i}` })));
    const alice = await signedIn();
    const stream = await alice.stream();
    await stream.next(named("ready"));
    await expect(
      ctx.db.transaction(async (tx) => {
        await createListing(tx as unknown as typeof ctx.db, { listingName: "Never Committed" });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await ctx.db.update(listings).set({ isStarred: false });
    const many = await stream.next((e) => e.event === "listings" && (e.data as { many?: boolean }).many === true);
    expect(many.data).toEqual({ ids: [], many: true });
    // Nothing came before the bulk change: the rolled-back insert published nothing.
    expect(stream.events.filter((e) => e.event === "listings")).toEqual([many]);
    stream.close();
  });

  it("tells the person committing an import how it goes, and no one else", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const aliceStream = await alice.stream();
    const bobStream = await bob.stream();
    await Promise.all([aliceStream.next(named("ready")), bobStream.next(named("ready"))]);
    const preview = await alice.client.call("POST", "/api/imports/preview", {
      fileName: "crexi.csv",
      encoding: "text",
      content: crexiList(),
      defaults: { marketingCategory: "Single" },
    });
    expect(preview.status).toBe(200);
    const id = (preview.body as { id: string }).id;
    expect((await alice.client.call("POST", `/api/imports/${id}/commit`, {})).status).toBe(200);
    // The start and the end at least, each naming the import and nothing else.
    await aliceStream.next((e) => e.event === "imports" && aliceStream.events.filter((x) => x.event === "imports").length >= 2);
    for (const event of aliceStream.events.filter((e) => e.event === "imports")) expect(event.data).toEqual({ id });
    await barrier(bobStream);
    expect(bobStream.events.map((e) => e.event)).not.toContain("imports");
    aliceStream.close();
    bobStream.close();
  });

  it("tells a client to resync when it cannot replay (another server, a restart, too long ago)", async () => {
    const alice = await signedIn();
    const stream = await alice.stream("another-process-17");
    await stream.next(named("resync"));
    stream.close();
  });

  it("tells every client to resync when the change bus was deaf for a while", async () => {
    const alice = await signedIn();
    const stream = await alice.stream();
    await stream.next(named("ready"));
    ctx.changes.setLive(false);
    ctx.changes.setLive(true);
    await stream.next(named("resync"));
    // Still live afterwards.
    const listing = await createListing(ctx.db);
    await stream.next((e) => e.event === "listings" && (e.data as { ids: string[] }).ids.includes(listing.id));
    stream.close();
  });
});

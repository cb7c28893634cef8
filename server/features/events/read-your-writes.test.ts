// Read-your-writes on one server (decision 186): a write's reply may reach its browser before
// the write's NOTIFY reaches the server's in-memory versions and session cache (on PostgreSQL
// it always may). Here the NOTIFYs are held back to open that window wide.
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChangeBus, CHANGE_CHANNEL } from "../../events/change-bus.js";
import { createListing } from "../../test/factories.js";
import { buildApp, createTestContext, type TestContext } from "../../test/test-app.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";

let ctx: TestContext;
let app: ReturnType<typeof buildApp>;
let holding = false;
const held: string[] = [];
let bus: ChangeBus;
let stopListening: () => Promise<void>;

beforeAll(async () => {
  ctx = await createTestContext();
  bus = new ChangeBus();
  stopListening = await ctx.database.listen(CHANGE_CHANNEL, {
    onPayload: (payload) => (holding ? held.push(payload) : bus.receive(payload)),
    onState: (up) => bus.setLive(up),
  });
  app = buildApp(ctx.db, { changes: bus });
});
afterAll(async () => {
  await stopListening();
  await ctx.close();
});

/** NOTIFYs (changes and barriers) wait until `release`. */
const hold = () => void (holding = true);
function release() {
  holding = false;
  for (const payload of held.splice(0)) bus.receive(payload);
}

async function signedIn(isAdmin = false) {
  const user = await ctx.createUser({ isAdmin });
  const client = supertest.agent(app);
  await client.post("/api/login").send({ username: user.username, password: TEST_PASSWORD }).expect(200);
  return { user, client };
}

/** Reads until the tag is stable (a first read may write), and returns it. */
async function tagOf(client: supertest.Agent, path: string): Promise<string> {
  await client.get(path).expect(200);
  const { headers } = await client.get(path).expect(200);
  expect((await client.get(path).set("If-None-Match", headers.etag)).status).toBe(304);
  return headers.etag;
}

describe("read-your-writes on this server", () => {
  it("the writer's refetch after its own write gets the new data, not a 304, before the NOTIFY arrives", async () => {
    const { client } = await signedIn();
    const { client: teammate } = await signedIn();
    const settingsTag = await tagOf(client, "/api/settings");
    const listing = await createListing(ctx.db, { isStarred: false });
    const listTag = await tagOf(client, "/api/listings/active");
    const teammateListTag = await tagOf(teammate, "/api/listings/active");

    hold();
    await client.patch("/api/settings").send({ enableCardShadow: false }).expect(200);
    await client.post(`/api/listings/${listing.id}/toggle-starred`).expect(200);
    expect(held.length).toBeGreaterThan(0);

    const settings = await client.get("/api/settings").set("If-None-Match", settingsTag);
    expect(settings.status).toBe(200);
    expect(settings.body.enableCardShadow).toBe(false);
    const list = await client.get("/api/listings/active").set("If-None-Match", listTag);
    expect(list.status).toBe(200);
    expect(list.body.find((l: { id: string }) => l.id === listing.id).isStarred).toBe(true);
    // A teammate hears of it by the event stream, from the same NOTIFY that moves the version.
    expect((await teammate.get("/api/listings/active").set("If-None-Match", teammateListTag)).status).toBe(304);

    release();
    const after = await client.get("/api/settings").set("If-None-Match", settingsTag);
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(settingsTag);
    // Settled: unchanged reads are 304s from memory again.
    expect((await client.get("/api/settings").set("If-None-Match", after.headers.etag)).status).toBe(304);
    expect((await teammate.get("/api/listings/active").set("If-None-Match", teammateListTag)).status).toBe(200);
  });

  it("a deactivation through this server refuses the user's next request, though its NOTIFY has not arrived", async () => {
    const { client: admin } = await signedIn(true);
    const { user, client } = await signedIn();
    const tag = await tagOf(client, "/api/listings/active");

    hold();
    await admin.patch(`/api/team/members/${user.id}`).send({ isActive: false }).expect(200);
    expect((await client.get("/api/listings/active").set("If-None-Match", tag)).status).toBe(401);
    release();
    expect((await client.get("/api/listings/active").set("If-None-Match", tag)).status).toBe(401);
  });
});

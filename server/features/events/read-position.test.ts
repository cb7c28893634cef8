import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { READ_POSITION_HEADER } from "../../../shared/live-position.js";
import { SESSION_COOKIE } from "../../app.js";
import { listenOnLoopback, openStream, type StreamEvent } from "../../test/event-stream.js";
import { createListing } from "../../test/factories.js";
import { httpClient } from "../../test/spawn-server.js";
import { createTestContext, type TestContext } from "../../test/test-app.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";

let ctx: TestContext;
let server: Awaited<ReturnType<typeof listenOnLoopback>>;
beforeAll(async () => {
  ctx = await createTestContext();
  server = await listenOnLoopback(ctx.app);
});
afterAll(async () => {
  await ctx.close();
  await server.close();
});

async function signedIn() {
  const user = await ctx.createUser();
  const client = httpClient(server.base);
  expect((await client.call("POST", "/api/login", { username: user.username, password: TEST_PASSWORD })).status).toBe(200);
  const read = (path: string, headers: Record<string, string> = {}) => fetch(server.base + path, { headers: { cookie: client.cookie, ...headers } });
  return { client, read };
}

const position = (res: Response) => res.headers.get(READ_POSITION_HEADER);
const seqOf = (value: string | null) => Number(value?.slice(value.lastIndexOf("-") + 1));
const namesListing = (id: string) => (e: StreamEvent) => e.event === "listings" && (e.data as { ids: string[] }).ids.includes(id);

describe("where the event stream stood when a read began", () => {
  it("is on every signed-in API read, the early 304 of an unchanged list too, and never on a stranger's", async () => {
    const { read } = await signedIn();
    const first = await read("/api/listings/active");
    expect(first.status).toBe(200);
    expect(position(first)).toMatch(/^[A-Za-z0-9_-]+-\d+$/);
    expect(position(await read("/api/user"))).toMatch(/^[A-Za-z0-9_-]+-\d+$/);

    // A change moves the stream on; the unchanged list's 304 says where it stands now.
    await ctx.afterChange(() => createListing(ctx.db));
    const etag = (await read("/api/listings/active")).headers.get("etag")!;
    // As a browser revalidates (fetch itself would add "no-cache", a forced reload, without a Cache-Control).
    const again = await read("/api/listings/active", { "if-none-match": etag, "cache-control": "max-age=0" });
    expect(again.status).toBe(304);
    expect(seqOf(position(again))).toBeGreaterThan(seqOf(position(first)));

    expect(position(await fetch(`${server.base}/api/health`))).toBeNull();
    expect(position(await fetch(`${server.base}/api/user`, { headers: { cookie: `${SESSION_COOKIE}=s%3Aforged.signature` } }))).toBeNull();
  });

  it("lets a page's first stream start at its read: a change made in between is replayed, not lost", async () => {
    const { client, read } = await signedIn();
    const start = position(await read("/api/listings/active"));
    // A teammate's listing, made after the page read its list and before its stream opened.
    const listing = await ctx.afterChange(() => createListing(ctx.db));
    const stream = await openStream(server.base, client.cookie, { lastEventId: start! });
    expect(stream.status).toBe(200);
    await stream.next(namesListing(listing.id));
    await stream.next((e) => e.event === "ready");
    expect(stream.events.map((e) => e.event)).not.toContain("resync");
    stream.close();

    // Without the position it would only have heard that it is ready.
    const fresh = await openStream(server.base, client.cookie);
    await fresh.next((e) => e.event === "ready");
    expect(fresh.events.filter(namesListing(listing.id))).toEqual([]);
    fresh.close();
  });
});

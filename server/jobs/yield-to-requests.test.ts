// Background work yields to the requests this server is answering:
// the posts job pauses between
// listings while a request is in flight, goes on once it is answered, and never waits longer
// than its limit; an open event stream is not a request in flight.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings } from "../db/tables.js";
import { postsJobHandlers, queuePostsForImported } from "../features/posts/service.js";
import { RequestsInFlight } from "../http/requests-in-flight.js";
import { createBuiltInWriter } from "../integrations/posts/built-in-writer.js";
import { createLogger } from "../logger.js";
import { openStream } from "../test/event-stream.js";
import { createListing } from "../test/factories.js";
import { httpClient } from "../test/spawn-server.js";
import { createTestContext, type TestContext } from "../test/test-app.js";
import { TEST_PASSWORD } from "../test/test-constants.js";
import { startJobWorker } from "./worker.js";

const requests = new RequestsInFlight();
let ctx: TestContext;
let server: http.Server;
let base: string;

beforeAll(async () => {
  ctx = await createTestContext({ requests });
  server = http.createServer(ctx.app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await ctx.close();
});

const logger = createLogger("silent");

/** Three listings whose posts are queued as an import queues them: one job. */
async function queueThree(): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) ids.push((await createListing(ctx.db)).id);
  await ctx.db.transaction((tx) => queuePostsForImported(tx, ids));
  return ids;
}

async function written(ids: string[]): Promise<number> {
  const rows = await Promise.all(ids.map((id) => ctx.db.select({ status: listings.postsStatus }).from(listings).where(eq(listings.id, id))));
  return rows.filter(([row]) => row.status === "ready").length;
}

/** A request the server is still reading: its body is announced but not all sent yet. */
async function holdARequest(): Promise<{ finish(): Promise<void> }> {
  const req = http.request(`${base}/api/listings`, { method: "POST", headers: { "content-type": "application/json", "content-length": "2" } });
  const answered = new Promise<void>((resolve) => req.on("response", (res) => res.resume().on("end", resolve)));
  req.write("{");
  await expect.poll(() => requests.busy).toBe(true);
  return {
    finish: async () => {
      req.end("}");
      await answered;
    },
  };
}

function startWorker(maxPauseMs: number) {
  return startJobWorker({
    db: ctx.db,
    logger,
    handlers: postsJobHandlers({ db: ctx.db, writer: createBuiltInWriter(), logger }),
    requests,
    maxPauseMs,
    pollMs: 60_000,
  });
}

describe("background work and the requests in flight", () => {
  it("a posts job waits between listings while a request is in flight, and goes on once it is answered", async () => {
    const ids = await queueThree();
    const held = await holdARequest();
    const worker = await startWorker(10 * 60_000);
    try {
      // The first listing's posts written, the job waits for the request before the next
      // (the three are stored together at the end: LISTINGS_PER_STORE).
      await expect.poll(() => requests.waiting).toBe(1);
      expect(await written(ids)).toBe(0);
      await held.finish();
      expect(requests.busy).toBe(false);
      await expect.poll(() => written(ids), { timeout: 10_000 }).toBe(3);
    } finally {
      await held.finish();
      await worker.stop();
    }
  });

  it("waits at most its limit, so under constant requests the work still gets done", async () => {
    const ids = await queueThree();
    const held = await holdARequest();
    const worker = await startWorker(1);
    try {
      await expect.poll(() => written(ids), { timeout: 10_000 }).toBe(3);
      expect(requests.busy).toBe(true);
    } finally {
      await held.finish();
      await worker.stop();
    }
  });

  it("an open event stream is not a request in flight", async () => {
    const client = httpClient(base);
    await ctx.createUser({ username: "streamer" });
    expect((await client.call("POST", "/api/login", { username: "streamer", password: TEST_PASSWORD })).status).toBe(200);
    const stream = await openStream(base, client.cookie);
    try {
      await stream.next((e) => e.event === "ready");
      expect(requests.busy).toBe(false);
    } finally {
      stream.close();
    }
  });
});

// A client that stops reading its event stream is dropped rather than buffered for without bound,
// over a real socket: what the server would
// hold for it is capped, and the clients that do read keep their streams.
import { randomUUID } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback, openStream } from "../../test/event-stream.js";
import { createAgent } from "../../test/factories.js";
import { httpClient } from "../../test/spawn-server.js";
import { createTestContext, type TestContext } from "../../test/test-app.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

const MAX_BUFFERED = 64 * 1024;
/** Far more than the kernel's socket buffers on both ends could hold for the stalled client. */
const FLOOD_BYTES = 16 * 1024 * 1024;

let ctx: TestContext;
let server: Awaited<ReturnType<typeof listenOnLoopback>>;
let base: string;
beforeAll(async () => {
  ctx = await createTestContext({ events: { maxBufferedBytes: MAX_BUFFERED } });
  server = await listenOnLoopback(ctx.app);
  base = server.base;
});
afterAll(async () => {
  await ctx.close();
  await server.close();
});

async function signedInCookie() {
  const user = await ctx.createUser();
  const client = httpClient(base);
  expect((await client.call("POST", "/api/login", { username: user.username, password: TEST_PASSWORD })).status).toBe(200);
  return client.cookie;
}

/** Opens the stream and reads nothing from it until `resume`. */
function stalledStream(cookie: string): Promise<{ resume(): Promise<number> }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/events`, { headers: { accept: "text/event-stream", cookie } });
    req.on("error", reject);
    req.on("response", (res) => {
      expect(res.statusCode).toBe(200);
      res.pause();
      resolve({
        // Reads what reached it, until the server's end of the stream; resolves with its size.
        resume: () =>
          new Promise((done) => {
            let received = 0;
            res.on("data", (chunk: Buffer) => (received += chunk.length));
            res.on("close", () => done(received));
            res.resume();
          }),
      });
    });
  });
}

describe("a client that stops reading its event stream", () => {
  it("is dropped once past the limit, while a client that reads keeps its stream", async () => {
    const stalled = await stalledStream(await signedInCookie());
    const reader = await openStream(base, await signedInCookie());
    await reader.next((e) => e.event === "ready");

    // Listing changes of 100 ids each (about 4 KB an event), in small bursts so that a reading
    // client keeps up: the bus hands them on as they come.
    const ids = Array.from({ length: 100 }, () => randomUUID());
    const payload = JSON.stringify({ kind: "listings", ids });
    let sent = 0;
    while (sent < FLOOD_BYTES) {
      for (let i = 0; i < 10; i++) ctx.changes.receive(payload);
      sent += 10 * payload.length;
      await new Promise((resolve) => setImmediate(resolve));
    }
    // The reader is still served: a change after the flood reaches it.
    await createAgent(ctx.db);
    await reader.next((e) => e.event === "agents", 30_000);

    // Reading again, the stalled client finds its stream ended, with far less than was sent.
    const received = await stalled.resume();
    expect(received).toBeLessThan(FLOOD_BYTES / 2);
    reader.close();
  }, TIMEOUT.slow);
});

// A restart with a page open, on the real server process: SIGTERM ends the page's event stream,
// and the reconnect that follows, on the connection the stream left open, must not open a
// stream on the stopping process. One did: it held the process until its forced exit, which
// skips closing the database, and the page heard nothing until then.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openStream } from "../../test/event-stream.js";
import { httpClient, spawnServer, type ServerProcess } from "../../test/spawn-server.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stream-shutdown-"));
const running: ServerProcess[] = [];
afterAll(async () => {
  for (const p of running) p.child.kill("SIGKILL");
  await Promise.all(running.map((p) => p.exited));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** What asking for a stream again got: its status, or the connection's error code. */
async function reconnect(url: string, cookie: string, agent: http.Agent): Promise<number | string> {
  try {
    const stream = await openStream(url, cookie, { agent });
    stream.close();
    return stream.status;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code ?? String(err);
  }
}

describe("an event stream when the server stops", () => {
  it("is ended, a reconnect over its kept connection opens no stream there, and the process exits cleanly", async () => {
    const server = await spawnServer({ DATA_DIR: dataDir, SESSION_SECRET: "s".repeat(40) });
    running.push(server);
    const client = httpClient(server.url);
    expect((await client.call("POST", "/api/init-admin", { username: "admin", password: TEST_PASSWORD, email: "a@example.com" })).status).toBe(201);
    // One kept-alive connection, as a browser reuses the one its stream ended on.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const stream = await openStream(server.url, client.cookie, { agent });
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === "ready");

    server.child.kill("SIGTERM");
    await stream.ended;
    // Refused as the server stops (503), or the connection is already closed: either way the
    // client goes on to the server that is up next.
    expect(["ECONNREFUSED", "ECONNRESET", 503]).toContain(await reconnect(server.url, client.cookie, agent));
    // 0: the server closed its connections and the database; the forced exit is 1.
    expect(await server.exited).toBe(0);
    agent.destroy();
  }, TIMEOUT.longJob);
});

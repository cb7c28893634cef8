// The worker as the real server runs it (server/index.ts): queued jobs survive a restart and
// are run by the next process, and SIGTERM still stops the server cleanly.
import { eq, sql } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { jobs, uploadedObjects } from "../db/tables.js";
import { openPglite } from "../db/database.js";
import { SWEEP_UNUSED_UPLOADS } from "../features/images/sweep.js";
import { TINY_PNG } from "../test/uploads.js";
import { httpClient, spawnServer, type ServerProcess } from "../test/spawn-server.js";
import { TEST_PASSWORD } from "../test/test-constants.js";
import { recurringKey } from "./queue.js";
import { TIMEOUT } from "../../testing/timeouts.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "job-worker-"));
const env = { DATA_DIR: dataDir, SESSION_SECRET: "s".repeat(40) };
const running: ServerProcess[] = [];
afterAll(() => {
  for (const p of running) p.child.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function stop(server: ServerProcess) {
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
}

describe("the job worker in the server process", () => {
  it("seeds the hourly sweep, and a sweep due while no server ran is run by the next one", async () => {
    const first = await spawnServer(env);
    running.push(first);
    const client = httpClient(first.url);
    expect((await client.call("POST", "/api/init-admin", { username: "admin", password: TEST_PASSWORD, email: "a@example.com" })).status).toBe(201);
    const { body: link } = await client.call("POST", "/api/objects/upload");
    const put = await fetch(first.url + link.uploadURL, { method: "PUT", body: new Uint8Array(TINY_PNG), headers: { cookie: client.cookie } });
    expect(put.status).toBe(200);
    await stop(first);

    // While no server runs, the upload turns a day old and the sweep falls due.
    const key = link.imageUrl.split("/").pop();
    const database = await openPglite(dataDir);
    const [sweep] = await database.db.select().from(jobs).where(eq(jobs.uniqueKey, recurringKey(SWEEP_UNUSED_UPLOADS)));
    expect(sweep.kind).toBe(SWEEP_UNUSED_UPLOADS);
    await database.db.update(uploadedObjects).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(uploadedObjects.key, key));
    await database.db.update(jobs).set({ runAt: sql`now() - interval '1 minute'` }).where(eq(jobs.id, sweep.id));
    await database.close();
    const file = path.join(dataDir, "objects", "images", key);
    expect(fs.existsSync(file)).toBe(true);

    const second = await spawnServer(env);
    running.push(second);
    const deadline = Date.now() + 30_000;
    while (fs.existsSync(file) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fs.existsSync(file)).toBe(false);
    await stop(second);
  }, TIMEOUT.longJob);
});

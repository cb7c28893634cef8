// The embedded database as a running server sees it: the data-folder lock, a crash with
// kill -9, and a clean stop on SIGTERM.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { setupAnnouncement, setupCodeFor } from "../features/auth/setup-code.js";
import { httpClient, spawnServer, type ServerProcess } from "../test/spawn-server.js";
import { TEST_PASSWORD } from "../test/test-constants.js";
import { TIMEOUT } from "../../testing/timeouts.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-db-"));
const env = { DATA_DIR: dataDir, SESSION_SECRET: "s".repeat(40) };
const running: ServerProcess[] = [];
afterAll(() => {
  for (const p of running) p.child.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("embedded database (PGlite in DATA_DIR)", () => {
  it("locks the folder, keeps acknowledged writes through kill -9, and closes cleanly on SIGTERM", async () => {
    const first = await spawnServer(env);
    running.push(first);

    // A second process on the same folder fails at once with a message a person can act on.
    const second = await spawnServer(env, { waitReady: false });
    running.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain("is in use by another process");
    expect(second.output()).toContain("DATABASE_URL");

    // A fresh workspace: the server prints the link to set it up from another machine.
    // One plain line for a person, beside the JSON log line for collectors.
    const link = `http://127.0.0.1:${new URL(first.url).port}/auth?setup=true&code=${setupCodeFor(env.SESSION_SECRET)}`;
    await expect.poll(() => first.output().split("\n"), { timeout: 10_000 }).toContain(setupAnnouncement(link));
    expect(first.output()).toContain(`"setupLink":"${link}"`);

    const client = httpClient(first.url);
    const created = await client.call("POST", "/api/init-admin", {
      username: "durable",
      password: TEST_PASSWORD,
      email: "durable@example.com",
    });
    expect(created.status).toBe(201);
    const invite = await client.call("POST", "/api/invitations", { email: "after-crash@example.com" });
    expect(invite.status).toBe(201);

    first.child.kill("SIGKILL");
    await first.exited;

    // The dead process's lock is taken over; what was acknowledged before the crash is there.
    const restarted = await spawnServer(env);
    running.push(restarted);
    const again = httpClient(restarted.url);
    expect((await again.call("GET", "/api/needs-setup")).body).toEqual({ needsSetup: false });
    expect((await again.call("POST", "/api/login", { username: "durable", password: TEST_PASSWORD })).status).toBe(200);
    const list = await again.call("GET", "/api/invitations");
    expect(list.body.map((i: { email: string }) => i.email)).toEqual(["after-crash@example.com"]);

    restarted.child.kill("SIGTERM");
    expect(await restarted.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "app.lock"))).toBe(false);
  }, TIMEOUT.longJob);

  it("stops cleanly when the process that started it (npm start's supervisor) goes away", async () => {
    const server = await spawnServer(env, { ipc: true });
    running.push(server);
    server.child.disconnect();
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "app.lock"))).toBe(false);
  }, TIMEOUT.slow);
});

// The promise of a backup, end to end on the embedded database: taken by `npm run backup` while a
// server keeps writing (the server takes the snapshot), restored by `npm run
// restore` into a fresh folder on a machine with another session secret (BACKUP_KEY set to the
// first one's), and a server started on it shows everything acknowledged before
// the backup began: listings, notes, photos byte for byte, users and settings.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnServer, type ServerProcess } from "../../test/spawn-server.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";
import { apiClient, runCommand, writeListing, type ApiClient, type Written } from "./test-support.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "backup-restore-"));
const running: ServerProcess[] = [];
afterAll(() => {
  for (const p of running) {
    p.child.kill("SIGKILL");
  }
  fs.rmSync(root, { recursive: true, force: true });
});

const SECRET = "b".repeat(40);

async function start(dataDir: string): Promise<ServerProcess> {
  const server = await spawnServer({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, BACKUP_SCHEDULE: "off" });
  running.push(server);
  return server;
}

async function stop(server: ServerProcess) {
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
}

async function signIn(server: ServerProcess, username: string): Promise<ApiClient> {
  const client = apiClient(server.url);
  expect((await client.call("POST", "/api/login", { username, password: TEST_PASSWORD })).status).toBe(200);
  return client;
}

describe("backup while the server writes, then restore into a fresh folder", () => {
  it("keeps everything acknowledged before the backup began", async () => {
    const source = path.join(root, "source");
    const server = await start(source);
    const admin = apiClient(server.url);
    expect((await admin.call("POST", "/api/init-admin", { username: "admin", password: TEST_PASSWORD, email: "a@example.com" })).status).toBe(201);
    expect((await admin.call("PATCH", "/api/settings", { singleColor: "#123456" })).status).toBe(200);

    const written: Written[] = [];
    let writing = true;
    const writer = (async () => {
      // Paced, and at most 50: one person may upload 60 images an hour.
      for (let n = 1; writing && n <= 50; n++) {
        written.push(await writeListing(admin, n));
        await new Promise((r) => setTimeout(r, 300));
      }
    })();
    while (written.length < 5) await new Promise((r) => setTimeout(r, 50));

    // What the server has answered by now was acknowledged before the backup began. Counted, not
    // compared by clock: an answer in the same millisecond as the start was once left out.
    const acknowledged = written.slice();
    const backup = await runCommand("backup", [], { DATA_DIR: source });
    const afterBackup = written.length;
    // Keep writing a little after it, then stop.
    while (written.length < Math.min(afterBackup + 2, 50)) await new Promise((r) => setTimeout(r, 50));
    writing = false;
    await writer;
    expect(backup.output).toContain("asking it to take the backup");
    expect(backup.code).toBe(0);
    await stop(server);

    const file = path.join(source, "backups", fs.readdirSync(path.join(source, "backups")).find((f) => f.endsWith(".tar.gz"))!);
    const target = path.join(root, "restored");
    // A new machine: its own session secret, not the one the backup was signed with.
    const elsewhere = await runCommand("restore", [file], { DATA_DIR: target, SESSION_SECRET: "n".repeat(40) });
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.output).toMatch(/signed with backup key \w+, and this machine has key \w+ \(from SESSION_SECRET\)\. Set BACKUP_KEY to the backup key of the workspace that made it/);
    expect(fs.existsSync(path.join(target, "pgdata"))).toBe(false);
    // The operator sets BACKUP_KEY to the session secret of the workspace the backup came from.
    const restore = await runCommand("restore", [file], { DATA_DIR: target, SESSION_SECRET: "n".repeat(40), BACKUP_KEY: SECRET });
    expect(restore.output).toContain("Restored the backup");
    expect(restore.code).toBe(0);

    const restored = await start(target);
    // The smoke journey: sign in, list.
    const client = await signIn(restored, "admin");
    const listings = await client.call("GET", "/api/listings");
    expect(listings.status).toBe(200);
    const byId = new Map((listings.body as { id: string; listingName: string; imageUrl: string }[]).map((l) => [l.id, l]));

    expect(acknowledged.length).toBeGreaterThanOrEqual(5);
    for (const w of acknowledged) {
      expect(byId.get(w.listingId)).toMatchObject({ listingName: w.listingName, imageUrl: w.imageUrl });
      const notes = await client.call("GET", `/api/listings/${w.listingId}/notes`);
      expect(notes.body.map((n: { content: string }) => n.content)).toEqual([w.note]);
      const photo = await fetch(restored.url + w.imageUrl, { headers: { cookie: client.cookie } });
      expect(photo.status).toBe(200);
      expect(Buffer.from(await photo.arrayBuffer()).equals(w.image)).toBe(true);
    }
    // Whatever of the rest made it in is whole: a listing restored has its photo too.
    for (const w of written.slice(acknowledged.length).filter((x) => byId.has(x.listingId))) {
      const photo = await fetch(restored.url + w.imageUrl, { headers: { cookie: client.cookie } });
      expect(photo.status).toBe(200);
    }
    expect((await client.call("GET", "/api/users")).body.map((u: { username: string }) => u.username)).toEqual(["admin"]);
    expect((await client.call("GET", "/api/settings")).body).toMatchObject({ singleColor: "#123456" });
    await stop(restored);
  }, TIMEOUT.longJob);
});

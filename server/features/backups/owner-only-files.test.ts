// The data folder holds password hashes, sessions and leads: every folder in it is 0700 and every
// file 0600, as the server makes it from nothing (its generated secret, the embedded database,
// uploads, a backup it takes), as `npm run restore` writes it, and once the server has started on
// a folder an earlier version left readable to others. The processes here inherit this test's
// umask (022 on a usual machine), so nothing comes out owner-only unless the app makes it so.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnServer, type ServerProcess } from "../../test/spawn-server.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";
import { apiClient, runCommand, writeListing } from "./test-support.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "owner-only-"));
const running: ServerProcess[] = [];
afterAll(() => {
  for (const p of running) p.child.kill("SIGKILL");
  fs.rmSync(root, { recursive: true, force: true });
});

const KEY = { BACKUP_KEY: "k".repeat(40) };

/** Every path under `dir` (itself included) whose mode is not owner-only, with its mode. */
function notOwnerOnly(dir: string): string[] {
  const found: string[] = [];
  const visit = (target: string) => {
    const stat = fs.lstatSync(target);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) found.push(`${path.relative(root, target)}/ ${mode.toString(8)}`);
      for (const name of fs.readdirSync(target)) visit(path.join(target, name));
    } else if (mode !== 0o600) {
      found.push(`${path.relative(root, target)} ${mode.toString(8)}`);
    }
  };
  visit(dir);
  return found;
}

/** How many files and folders the walk saw: the check above is only as good as what it covered. */
const count = (dir: string): number =>
  1 + (fs.statSync(dir).isDirectory() ? fs.readdirSync(dir).reduce((sum, name) => sum + count(path.join(dir, name)), 0) : 0);

async function stop(server: ServerProcess) {
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
}

describe("the data folder", () => {
  it("is created owner-only, is restored owner-only, and an existing readable one is narrowed at start", async () => {
    const source = path.join(root, "source");
    // No SESSION_SECRET: the server generates one into the folder.
    const server = await spawnServer({ DATA_DIR: source, BACKUP_SCHEDULE: "off", ...KEY });
    running.push(server);
    const admin = apiClient(server.url);
    expect((await admin.call("POST", "/api/init-admin", { username: "admin", password: TEST_PASSWORD, email: "a@example.com" })).status).toBe(201);
    await writeListing(admin, 1);
    const backup = await runCommand("backup", [], { DATA_DIR: source, ...KEY });
    expect(backup.code).toBe(0);
    await stop(server);

    expect(fs.existsSync(path.join(source, "session-secret"))).toBe(true);
    expect(fs.readdirSync(path.join(source, "objects", "images"))).toHaveLength(1);
    expect(count(source)).toBeGreaterThan(500);
    expect(notOwnerOnly(source)).toEqual([]);

    const file = path.join(source, "backups", fs.readdirSync(path.join(source, "backups")).find((f) => f.endsWith(".tar.gz"))!);
    const target = path.join(root, "restored");
    const restore = await runCommand("restore", [file], { DATA_DIR: target, ...KEY });
    expect(restore.output).toContain("Restored the backup");
    expect(fs.readdirSync(path.join(target, "objects", "images"))).toHaveLength(1);
    expect(count(target)).toBeGreaterThan(500);
    expect(notOwnerOnly(target)).toEqual([]);

    // As an earlier version left it: every file 0644, every folder 0755.
    const loosen = (dir: string) => {
      fs.chmodSync(dir, 0o755);
      for (const name of fs.readdirSync(dir)) {
        const child = path.join(dir, name);
        if (fs.statSync(child).isDirectory()) loosen(child);
        else fs.chmodSync(child, 0o644);
      }
    };
    loosen(source);
    expect(notOwnerOnly(source).length).toBeGreaterThan(500);
    const again = await spawnServer({ DATA_DIR: source, BACKUP_SCHEDULE: "off", ...KEY });
    running.push(again);
    await stop(again);
    expect(notOwnerOnly(source)).toEqual([]);
  }, TIMEOUT.longJob);
});

// A disk that fills during a backup: the command fails saying so, the partial file is gone and
// the previous backup is untouched. The disk is a small tmpfs mounted in a mount namespace of the
// command's own (unshare), so nothing else on the machine sees it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "../../db/database.js";
import { runCommand } from "./test-support.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "backup-disk-full-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

// Mounts the small disk on BACKUP_DIR, puts the previous backup on it, runs the command, then
// lists what the disk holds (the mount ends with the command's namespace).
const ON_SMALL_DISK = [
  "unshare",
  "-rm",
  "sh",
  "-c",
  'mount -t tmpfs -o size="$DISK_SIZE" none "$BACKUP_DIR" && cp "$PREVIOUS" "$BACKUP_DIR/" && "$@"; code=$?; echo "disk holds:"; ls -A "$BACKUP_DIR"; exit $code',
  "sh",
];

describe("a disk that fills during a backup", () => {
  it("removes the partial file and leaves the previous backup", async () => {
    const dataDir = path.join(root, "data");
    await (await openPglite(dataDir)).close();
    const first = await runCommand("backup", ["--dir", path.join(root, "first")], { DATA_DIR: dataDir });
    expect(first.code).toBe(0);
    const previous = path.join(root, "first", fs.readdirSync(path.join(root, "first"))[0]);

    const small = path.join(root, "small");
    fs.mkdirSync(small);
    const size = fs.statSync(previous).size + 512 * 1024;
    const full = await runCommand("backup", [], { DATA_DIR: dataDir, BACKUP_DIR: small, PREVIOUS: previous, DISK_SIZE: String(size) }, ON_SMALL_DISK);
    expect(full.output).toMatch(/The disk holding .* is full: this backup was not written \(its partial file was removed; earlier backups are untouched\)/);
    expect(full.code).not.toBe(0);
    expect(full.output.split("disk holds:")[1].trim().split("\n")).toEqual([path.basename(previous)]);
  }, TIMEOUT.longJob);
});

// What a restore refuses, each with a clear message and nothing written: a file cut short, a part
// changed after it was written, a file that is not a backup, a target that is not empty (unless
// --force, which sets the old workspace aside), a backup from a newer app. And the retention of
// BACKUP_KEEP. The database here is the embedded one whatever TEST_DATABASE_URL says: the
// PostgreSQL path is backups.pg-test.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { create as createTar } from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.js";
import { createListing } from "../../test/factories.js";
import { createEmbeddedTestDatabase } from "../../test/test-database.js";
import { readArchive, writeArchive, type PartSource } from "./archive.js";
import { backupKey, signManifest } from "./backup-key.js";
import { manifestSchema, type Manifest } from "./manifest.js";
import { restoreBackup, RestoreRefusedError } from "./restore.js";
import { pruneBackups, takeBackup } from "./take-backup.js";
import { distinctPng, TEST_BACKUP_KEY } from "./test-support.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "backup-files-"));
let database: Database;
let backup: string;
let images: string;
const folder = (name: string) => path.join(root, name);

beforeAll(async () => {
  database = await createEmbeddedTestDatabase();
  await createListing(database.db, { listingName: "Kept Listing" });
  images = folder("objects");
  fs.mkdirSync(path.join(images, "images"), { recursive: true });
  fs.writeFileSync(path.join(images, "images", "0b9ac8d7-55e6-4f4b-bacf-160e056cb394"), await distinctPng(1));
  backup = (await takeBackup({ db: database.db, images: { storage: "local", dir: images }, key: TEST_BACKUP_KEY }, folder("backups"))).file;
});
afterAll(async () => {
  await database.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const restoreInto = (file: string, dataDir: string, force = false) => restoreBackup(file, { dataDir, localImages: true, trust: [TEST_BACKUP_KEY] }, { force });
/** A folder the refused restore must have left as it found it (here: not even made). */
const untouched = (dir: string) => expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);

/** The manifest with `changes`, signed again with `key` (by default the key the tests sign with). */
function resigned(manifest: Manifest, changes: Partial<Manifest>, key = TEST_BACKUP_KEY): Manifest {
  const { signature: _old, ...rest } = manifest;
  return signManifest({ ...rest, ...changes }, key);
}

/** The backup's parts as read, so a test can write them again with one thing changed. */
async function partsOf(file: string): Promise<{ parts: PartSource[]; manifest: Manifest }> {
  const bodies = new Map<string, Buffer>();
  const { manifest } = await readArchive(file, async ({ name, body }) => {
    bodies.set(name, Buffer.concat(await body.toArray()));
  });
  const parts = [...bodies].map(([name, bytes]) => ({ name, size: bytes.length, open: () => Readable.from([bytes]) }));
  return { parts, manifest: manifestSchema.parse(manifest) };
}

describe("a backup file", () => {
  it("restores into an empty folder, images byte for byte", async () => {
    const target = folder("fresh");
    const { manifest, setAside } = await restoreInto(backup, target);
    expect(setAside).toBeNull();
    expect(manifest.database.rows.listings).toBe(1);
    expect(manifest.images).toMatchObject({ storage: "local", count: 1 });
    expect(fs.readFileSync(path.join(target, "objects", "images", "0b9ac8d7-55e6-4f4b-bacf-160e056cb394")).equals(await distinctPng(1))).toBe(true);
    expect(fs.existsSync(path.join(target, "pgdata", "PG_VERSION"))).toBe(true);
    expect(fs.readdirSync(target).filter((n) => n.startsWith(".restore-"))).toEqual([]);
  }, TIMEOUT.slow);

  it("holds an image deleted between the database's snapshot and the images' copy, and clears abandoned pins", async () => {
    const name = "5d3c1e2a-7f1b-4c9e-9a51-2e6f0b8d4c77";
    const file = path.join(images, "images", name);
    fs.writeFileSync(file, await distinctPng(2));
    // Pins a backup left when its process died two days ago are cleared.
    const abandoned = path.join(images, "backup-pins", "listing-desk-20261120T030000Z.tar.gz");
    fs.mkdirSync(abandoned, { recursive: true });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60_000);
    fs.utimesSync(abandoned, twoDaysAgo, twoDaysAgo);
    const taken = await takeBackup(
      { db: database.db, images: { storage: "local", dir: images }, key: TEST_BACKUP_KEY, afterSnapshot: async () => fs.rmSync(file) },
      folder("backups-deleted"),
    );
    const { parts } = await partsOf(taken.file);
    expect(parts.map((p) => p.name)).toContain(`objects/images/${name}`);
    expect(fs.readdirSync(path.join(images, "backup-pins"))).toEqual([]);
  }, TIMEOUT.slow);

  it("is refused when cut short", async () => {
    const cut = folder("cut.tar.gz");
    fs.writeFileSync(cut, fs.readFileSync(backup).subarray(0, Math.floor(fs.statSync(backup).size / 2)));
    await expect(restoreInto(cut, folder("after-cut"))).rejects.toThrow(/truncated or damaged.*Nothing was restored/);
    untouched(folder("after-cut"));
  });

  it("is refused when a part was changed after it was written", async () => {
    const { parts, manifest } = await partsOf(backup);
    const changed = parts.map((p) => (p.name.startsWith("objects/") ? { ...p, open: () => Readable.from([Buffer.alloc(p.size, 1)]) } : p));
    const tampered = folder("tampered.tar.gz");
    await writeArchive(tampered, changed, () => manifest);
    await expect(restoreInto(tampered, folder("after-tamper"))).rejects.toThrow(/fails its checksum for objects\/images\/0b9ac8d7/);
    untouched(folder("after-tamper"));
  });

  it("is refused when its bytes and its manifest's checksums were both changed: the manifest is signed", async () => {
    const { parts, manifest } = await partsOf(backup);
    const changed = parts.map((p) => (p.name.startsWith("objects/") ? { ...p, open: () => Readable.from([Buffer.alloc(p.size, 1)]) } : p));
    const forged = folder("forged.tar.gz");
    // Checksums recomputed for the new bytes; the signature is the one the backup had.
    await writeArchive(forged, changed, (digests) => ({ ...manifest, parts: digests }));
    await expect(restoreInto(forged, folder("after-forged"))).rejects.toThrow(/fails its signature: its manifest was changed after it was written/);
    untouched(folder("after-forged"));

    // Signed again, with a key that is not this workspace's: refused, saying which key to set.
    const other = backupKey("someone-elses-key-".repeat(3), "BACKUP_KEY");
    const resignedFile = folder("resigned.tar.gz");
    await writeArchive(resignedFile, changed, (digests) => resigned(manifest, { parts: digests }, other));
    await expect(restoreInto(resignedFile, folder("after-resigned"))).rejects.toThrow(
      new RegExp(`signed with backup key ${other.id}, and this machine has key ${TEST_BACKUP_KEY.id} \\(from BACKUP_KEY\\)\\. Set BACKUP_KEY to the backup key of the workspace that made it`),
    );
    untouched(folder("after-resigned"));
  });

  it("without its signature is refused unless the operator restores it unverified; with no key set, says what to set", async () => {
    const { parts, manifest } = await partsOf(backup);
    const { signature: _gone, ...unsigned } = manifest;
    const file = folder("unsigned.tar.gz");
    await writeArchive(file, parts, (digests) => ({ ...unsigned, parts: digests }));
    await expect(restoreInto(file, folder("after-unsigned"))).rejects.toThrow(/is not signed.*restore it with --unverified\. Nothing was restored/);
    untouched(folder("after-unsigned"));
    const { manifest: restored } = await restoreBackup(file, { dataDir: folder("unverified"), localImages: true, trust: "unverified" }, { force: false });
    expect(restored.database.rows.listings).toBe(1);

    await expect(restoreBackup(backup, { dataDir: folder("keyless"), localImages: true, trust: [] }, { force: false })).rejects.toThrow(
      /no backup key is set here\. Set BACKUP_KEY to the backup key of the workspace that made it \(its BACKUP_KEY; if it had none, its SESSION_SECRET/,
    );
    untouched(folder("keyless"));
  }, TIMEOUT.slow);

  it("is refused when it is not a backup", async () => {
    const text = folder("notes.txt");
    fs.writeFileSync(text, "just some notes\n".repeat(100));
    await expect(restoreInto(text, folder("after-text"))).rejects.toThrow(/not a Listing Desk backup/);
    const other = folder("other");
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, "hello.txt"), "hello");
    const tarball = folder("other.tar.gz");
    await createTar({ gzip: true, file: tarball, cwd: other }, ["hello.txt"]);
    await expect(restoreInto(tarball, folder("after-other"))).rejects.toThrow(/holds "hello.txt", which a Listing Desk backup never does/);
    untouched(folder("after-text"));
    untouched(folder("after-other"));
  });

  it("from a newer app is refused, naming both versions", async () => {
    const { parts, manifest } = await partsOf(backup);
    const newer = folder("newer.tar.gz");
    await writeArchive(newer, parts, (digests) => resigned(manifest, { appVersion: "99.0.0", parts: digests }));
    await expect(restoreInto(newer, folder("after-newer"))).rejects.toThrow(/made by a newer Listing Desk \(version 99\.0\.0.*Update this app/);
    untouched(folder("after-newer"));
  });

  it("does not replace a workspace unless --force, which sets it aside", async () => {
    const target = folder("occupied");
    await restoreInto(backup, target);
    const before = fs.readdirSync(path.join(target, "pgdata")).sort();
    await expect(restoreInto(backup, target)).rejects.toThrow(RestoreRefusedError);
    await expect(restoreInto(backup, target)).rejects.toThrow(/already holds a workspace.*--force/);
    expect(fs.readdirSync(target).sort()).toEqual(["objects", "pgdata"]);

    const { setAside } = await restoreInto(backup, target, true);
    expect(setAside).toMatch(/replaced-\d{8}T\d{6}Z$/);
    expect(fs.readdirSync(path.join(setAside!, "pgdata")).sort()).toEqual(before);
    expect(fs.readdirSync(path.join(setAside!, "objects-images"))).toEqual(["0b9ac8d7-55e6-4f4b-bacf-160e056cb394"]);
    expect(fs.existsSync(path.join(target, "pgdata", "PG_VERSION"))).toBe(true);
  }, TIMEOUT.slow);
});

describe("BACKUP_KEEP", () => {
  it("keeps the newest backups and only files named as backups", async () => {
    const dir = folder("kept");
    fs.mkdirSync(dir);
    const names = ["20261120T030000Z", "20261121T030000Z", "20261122T030000Z", "20261123T030000Z"].map((t) => `listing-desk-${t}.tar.gz`);
    for (const name of [...names, "my-notes.txt", "listing-desk-copy.tar.gz"]) fs.writeFileSync(path.join(dir, name), "x");
    expect((await pruneBackups(dir, 2)).sort()).toEqual(names.slice(0, 2));
    expect(fs.readdirSync(dir).sort()).toEqual(["listing-desk-copy.tar.gz", ...names.slice(2), "my-notes.txt"].sort());
  });
});

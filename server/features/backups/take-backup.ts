// Takes one backup into a folder: the images are pinned (hard links in a folder of the backup's
// own) before and again after the database's snapshot, so every image the snapshot references is
// kept for the backup even if it is deleted meanwhile (uploads are never changed once stored); then the manifest; the file appears under its final name only once it has been read back and checked.
// Whatever fails, a full disk included, leaves no partial file.
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Db } from "../../db/database.js";
import type { ObjectStorage } from "../../integrations/storage/object-storage.js";
import { readArchive, writeArchive, type PartSource } from "./archive.js";
import { signManifest, type BackupKey } from "./backup-key.js";
import { snapshotDatabase } from "./data.js";
import { appVersion, BACKUP_FORMAT, checkManifest, type Manifest } from "./manifest.js";

export interface BackupSource {
  db: Db;
  databaseUrl?: string;
  /**
   * The local image folder (DATA_DIR/objects), or the bucket's storage and the keys of the images
   * in it (asked before and after the database's snapshot).
   */
  images: { storage: "local"; dir: string } | { storage: "s3"; bucket: string; objects: ObjectStorage; keys: () => Promise<string[]> | string[] };
  /** Signs the manifest (backup-key.ts). */
  key: BackupKey;
  /** Runs between the database's snapshot and the images' copy (a test deletes an image there). */
  afterSnapshot?: () => Promise<void>;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
}

const BACKUP_NAME = /^listing-desk-\d{8}T\d{6}Z(-\d+)?\.tar\.gz$/;
export const isBackupName = (name: string) => BACKUP_NAME.test(name);

/** listing-desk-20261126T030000Z.tar.gz: sorts by time, and says it is UTC. */
export const backupName = (at: Date) => `listing-desk-${at.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z")}.tar.gz`;

/**
 * Hard-links every original image under objects/images (thumbnails are made again on demand) into
 * `pins`, which only this backup uses: a deleted image's bytes stay there until the backup ends.
 * Already pinned names are kept as they are.
 */
async function pinImages(dir: string, pins: string): Promise<void> {
  const folder = path.join(dir, "images");
  let names: string[];
  try {
    names = await fsp.readdir(folder);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
  await fsp.mkdir(pins, { recursive: true, mode: 0o700 });
  for (const name of names) {
    await fsp.link(path.join(folder, name), path.join(pins, name)).catch((err: NodeJS.ErrnoException) => {
      // Gone since the listing (deleted before the snapshot: not referenced), or pinned already.
      if (err.code !== "ENOENT" && err.code !== "EEXIST") throw err;
    });
  }
}

/** The pinned images, as parts named objects/images/<name>. */
async function imageParts(pins: string): Promise<PartSource[]> {
  const names = await fsp.readdir(pins).catch(() => []);
  const parts: PartSource[] = [];
  for (const name of names.sort()) {
    const file = path.join(pins, name);
    const stat = await fsp.stat(file).catch(() => null);
    if (!stat?.isFile()) continue;
    parts.push({ name: `objects/images/${name}`, size: stat.size, open: () => fs.createReadStream(file) });
  }
  return parts;
}

// One backup at a time in this process: a request from `npm run backup` and the schedule may meet.
let queue: Promise<unknown> = Promise.resolve();

export function takeBackup(source: BackupSource, dir: string, now = new Date()): Promise<BackupResult> {
  const run = queue.then(() => takeBackupNow(source, dir, now));
  queue = run.catch(() => {});
  return run;
}

async function freeName(dir: string, at: Date): Promise<string> {
  const base = backupName(at);
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : base.replace(".tar.gz", `-${n}.tar.gz`);
    if (!fs.existsSync(path.join(dir, name)) && !fs.existsSync(path.join(dir, `.${name}.partial`))) return name;
  }
}

/**
 * The bucket's images as parts. Originals are never changed once stored, so a size
 * read now is the size read later; one deleted since is left out (the snapshot may still name it).
 */
async function bucketImageParts(objects: ObjectStorage, keys: Iterable<string>): Promise<PartSource[]> {
  const parts: PartSource[] = [];
  for (const key of [...new Set(keys)].sort()) {
    const name = `images/${key}`;
    const stat = await objects.stat(name);
    if (!stat) continue;
    parts.push({
      name: `objects/${name}`,
      size: stat.size,
      open: async () => {
        const body = await objects.read(name);
        if (!body) throw new Error(`${name} was deleted from the bucket while it was being backed up`);
        return body;
      },
    });
  }
  return parts;
}

async function takeBackupNow(source: BackupSource, dir: string, now: Date): Promise<BackupResult> {
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  const name = await freeName(dir, now);
  const final = path.join(dir, name);
  const partial = path.join(dir, `.${name}.partial`);
  const databaseFile = path.join(dir, `.${name}.database`);
  // Next to the images, so hard links work (same disk); named after this backup.
  const pins = source.images.storage === "local" ? { dir: source.images.dir, folder: path.join(source.images.dir, "backup-pins", name) } : null;
  try {
    if (pins) await clearAbandonedPins(path.dirname(pins.folder), now);
    // Before the snapshot: images it references were stored before it. After: images stored
    // between the first pinning and the snapshot.
    if (pins) await pinImages(pins.dir, pins.folder);
    const bucket = source.images.storage === "s3" ? source.images : null;
    const keysBefore = bucket ? await bucket.keys() : [];
    const snapshot = await snapshotDatabase(source.db, { databaseUrl: source.databaseUrl, file: databaseFile });
    await source.afterSnapshot?.();
    if (pins) await pinImages(pins.dir, pins.folder);
    const images = pins ? await imageParts(pins.folder) : await bucketImageParts(bucket!.objects, [...keysBefore, ...(await bucket!.keys())]);
    const databasePart: PartSource = { name: snapshot.part, size: snapshot.size, open: snapshot.open };
    const imageBytes = images.reduce((sum, p) => sum + p.size, 0);
    await writeArchive(partial, [databasePart, ...images], (parts): Manifest => signManifest({
      app: "listing-desk",
      format: BACKUP_FORMAT,
      appVersion: appVersion(),
      createdAt: now.toISOString(),
      database: { driver: snapshot.driver, part: snapshot.part, migrations: snapshot.migrations, rows: snapshot.rows },
      images: bucket ? { storage: "s3", bucket: bucket.bucket, count: images.length, bytes: imageBytes } : { storage: "local", count: images.length, bytes: imageBytes },
      parts,
    }, source.key));
    // Read back before it counts: a backup nobody checked is a hope, not a backup.
    const { manifest, digests } = await readArchive(partial);
    const checked = checkManifest(partial, manifest, digests, [source.key]);
    await fsp.rename(partial, final);
    return { file: final, bytes: (await fsp.stat(final)).size, manifest: checked };
  } catch (err) {
    await fsp.rm(partial, { force: true });
    if ((err as NodeJS.ErrnoException).code === "ENOSPC") {
      throw new Error(`The disk holding ${dir} is full: this backup was not written (its partial file was removed; earlier backups are untouched). Free some space or set BACKUP_DIR to another disk.`);
    }
    throw err;
  } finally {
    await fsp.rm(databaseFile, { force: true });
    if (pins) await fsp.rm(pins.folder, { recursive: true, force: true });
  }
}

/** A day: an unfinished file older than this was left by a process that died (another may be writing a newer one). */
const ABANDONED_MS = 24 * 60 * 60_000;

/** Pin folders left by a backup whose process died (a running backup's are younger than a day). */
async function clearAbandonedPins(dir: string, now: Date): Promise<void> {
  for (const name of await fsp.readdir(dir).catch(() => [])) {
    const stat = await fsp.stat(path.join(dir, name)).catch(() => null);
    if (stat && now.getTime() - stat.mtimeMs > ABANDONED_MS) await fsp.rm(path.join(dir, name), { recursive: true, force: true });
  }
}

/** Keeps the newest `keep` backups in `dir` (only files named as this app names them), and clears abandoned partial files. */
export async function pruneBackups(dir: string, keep: number, now = new Date()): Promise<string[]> {
  const names = await fsp.readdir(dir);
  const removed = names.filter(isBackupName).sort().reverse().slice(keep);
  for (const name of removed) await fsp.rm(path.join(dir, name), { force: true });
  for (const name of names.filter((n) => /^\.listing-desk-.*\.(partial|database)$/.test(n))) {
    const stat = await fsp.stat(path.join(dir, name)).catch(() => null);
    if (stat && now.getTime() - stat.mtimeMs > ABANDONED_MS) await fsp.rm(path.join(dir, name), { force: true });
  }
  return removed;
}

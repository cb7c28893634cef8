// `npm run restore <file>`: every checksum is checked before anything
// is written; the parts are unpacked beside the target and checked again; the database is loaded,
// its rows counted against the manifest and migrated forward; only then does anything take the
// place of what was there, which with --force is set aside, never deleted.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import { fromPglite, openPglite, openPostgres, type Database } from "../../db/database.js";
import { acquireDataDirLock } from "../../db/data-dir-lock.js";
import { makeOwnerOnly } from "../../db/owner-only.js";
import { sniffImageType } from "../../integrations/storage/image-types.js";
import type { ObjectStorage } from "../../integrations/storage/object-storage.js";
import { BackupFileError, readArchive } from "./archive.js";
import { clearPostgres, copyPgliteIntoPostgres, describeRestored, postgresHoldsData, restorePgDump } from "./data.js";
import { assertNotNewer, checkManifest, type Manifest, type ManifestTrust } from "./manifest.js";

export interface RestoreTarget {
  dataDir: string;
  /** Restore into this PostgreSQL database instead of the embedded one. */
  databaseUrl?: string;
  /** Whether images live in DATA_DIR/objects (else in the bucket `bucket`). */
  localImages: boolean;
  /** The bucket (S3_BUCKET's storage) the backup's images are put into when they are not local. */
  bucket?: ObjectStorage;
  /** The keys the manifest's signature may be made with (backup-key.ts restoreKeys), or "unverified". */
  trust: ManifestTrust;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Where --force set the previous workspace aside, if it did. */
  setAside: string | null;
}

/** The target holds data and --force was not given: nothing was written. */
export class RestoreRefusedError extends Error {}

/** Reads the whole file once and checks it; nothing is written. */
export async function checkBackupFile(file: string, trust: ManifestTrust): Promise<Manifest> {
  const { manifest, digests } = await readArchive(file);
  const checked = checkManifest(file, manifest, digests, trust);
  assertNotNewer(checked);
  return checked;
}

const nonEmpty = (dir: string) => {
  try {
    return fs.readdirSync(dir).length > 0;
  } catch {
    return false;
  }
};

/** The parts unpacked into `stage`, checked against the manifest as they are written. */
async function unpack(file: string, stage: string, manifest: Manifest, trust: ManifestTrust): Promise<void> {
  const { digests, manifest: again } = await readArchive(file, async ({ name, body }) => {
    const target = path.join(stage, name);
    await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await pipeline(body, fs.createWriteStream(target, { flags: "wx", mode: 0o600 }));
  });
  // The file could have changed since it was checked: what was written is what the manifest says.
  checkManifest(file, again, digests, trust);
  if (JSON.stringify(again) !== JSON.stringify(manifest)) throw new BackupFileError(`${file} changed while it was being restored. Nothing was restored.`);
}

async function assertRowsMatch(database: Database, manifest: Manifest): Promise<void> {
  const { rows } = await describeRestored(database.db);
  for (const [table, count] of Object.entries(manifest.database.rows)) {
    if (rows[table] !== count) {
      throw new BackupFileError(`The restored database has ${rows[table] ?? 0} rows in ${table} where the backup recorded ${count}. Nothing was restored.`);
    }
  }
}

const stamp = () => new Date().toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");

/** Moves the unpacked images into DATA_DIR/objects/images, setting any there aside first. */
async function placeImages(dataDir: string, stage: string, aside: () => Promise<string>): Promise<void> {
  const images = path.join(dataDir, "objects", "images");
  if (nonEmpty(images)) await fsp.rename(images, path.join(await aside(), "objects-images"));
  else await fsp.rm(images, { recursive: true, force: true });
  const staged = path.join(stage, "objects", "images");
  await fsp.mkdir(path.dirname(images), { recursive: true, mode: 0o700 });
  if (fs.existsSync(staged)) await fsp.rename(staged, images);
}

/**
 * Puts the unpacked images into the bucket; one already there with the same size is left as it is
 * (originals never change once stored, so it is the same image).
 */
async function putImages(bucket: ObjectStorage, stage: string): Promise<void> {
  const staged = path.join(stage, "objects", "images");
  const names = await fsp.readdir(staged).catch(() => []);
  for (const name of names.sort()) {
    const bytes = await fsp.readFile(path.join(staged, name));
    const object = `images/${name}`;
    if ((await bucket.stat(object))?.size === bytes.length) continue;
    await bucket.put(object, bytes, sniffImageType(bytes.subarray(0, 64)) ?? "application/octet-stream");
  }
}

export async function restoreBackup(file: string, target: RestoreTarget, opts: { force: boolean }): Promise<RestoreResult> {
  const manifest = await checkBackupFile(file, target.trust);
  const { dataDir, databaseUrl } = target;
  if (manifest.database.driver === "postgres" && !databaseUrl) {
    throw new RestoreRefusedError(
      "This backup holds a PostgreSQL database: set DATABASE_URL to the (empty) PostgreSQL database to restore it into. Nothing was restored.",
    );
  }
  const imagesHere = target.localImages && nonEmpty(path.join(dataDir, "objects", "images"));
  const databaseHere = databaseUrl ? await postgresHoldsData(databaseUrl) : nonEmpty(path.join(dataDir, "pgdata"));
  if ((imagesHere || databaseHere) && !opts.force) {
    const what = databaseUrl && databaseHere ? "The database named by DATABASE_URL already holds tables" : `${dataDir} already holds a workspace`;
    throw new RestoreRefusedError(
      `${what}. Restore into an empty one, or add --force to replace it (a data folder's current database and images are set aside in ${path.join(dataDir, "replaced-<time>")}). Nothing was restored.`,
    );
  }

  await fsp.mkdir(dataDir, { recursive: true, mode: 0o700 });
  // A running server on this folder would go on writing to what is replaced under it.
  const release = acquireDataDirLock(dataDir);
  const stage = path.join(dataDir, `.restore-${randomBytes(4).toString("hex")}`);
  let setAside: string | null = null;
  const aside = async () => {
    setAside ??= path.join(dataDir, `replaced-${stamp()}`);
    await fsp.mkdir(setAside, { recursive: true, mode: 0o700 });
    return setAside;
  };
  try {
    await unpack(file, stage, manifest, target.trust);
    const databaseFile = path.join(stage, manifest.database.part);
    if (manifest.database.driver === "postgres") {
      await restorePgDump(databaseUrl!, databaseFile, databaseHere);
      const restored = await openPostgres(databaseUrl!, { migrate: false });
      try {
        await assertRowsMatch(restored, manifest);
      } finally {
        await restored.close();
      }
      await (await openPostgres(databaseUrl!)).close();
    } else {
      const tarball = await fs.openAsBlob(databaseFile);
      if (databaseUrl) {
        // From the embedded database to PostgreSQL: loaded in memory, migrated to this app's level,
        // then copied row for row into a database migrated to the same level.
        const source = await PGlite.create({ loadDataDir: tarball });
        const loaded = await fromPglite(source, { migrate: false });
        try {
          await assertRowsMatch(loaded, manifest);
          await fromPglite(source);
          if (databaseHere) await clearPostgres(databaseUrl);
          await (await openPostgres(databaseUrl)).close();
          await copyPgliteIntoPostgres(source, databaseUrl);
        } finally {
          await loaded.close();
        }
      } else {
        const loaded = await openPglite(stage, { migrate: false, loadDataDir: tarball });
        try {
          await assertRowsMatch(loaded, manifest);
        } finally {
          await loaded.close();
        }
        await (await openPglite(stage)).close();
        const pgdata = path.join(dataDir, "pgdata");
        if (nonEmpty(pgdata)) await fsp.rename(pgdata, path.join(await aside(), "pgdata"));
        else await fsp.rm(pgdata, { recursive: true, force: true });
        await fsp.rename(path.join(stage, "pgdata"), pgdata);
      }
    }
    // Wherever the images were kept when the backup was made, they go where this workspace keeps them.
    if (target.localImages) await placeImages(dataDir, stage, aside);
    else if (target.bucket) await putImages(target.bucket, stage);
    // Whatever the umask of the process that restores: the restored workspace is owner-only.
    await makeOwnerOnly(dataDir);
    return { manifest, setAside };
  } finally {
    await fsp.rm(stage, { recursive: true, force: true });
    release();
  }
}

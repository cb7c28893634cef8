// `npm run backup [-- --dir <folder>]`: one file holding the database and every uploaded image
// (docs/decisions/270-backup-file.md). With the embedded database and a server running on it, the
// server takes the snapshot (docs/decisions/271-backup-requests.md); otherwise this process does.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openPglite, openPostgres } from "../db/database.js";
import { DataDirLockedError, dataDirInUse } from "../db/data-dir-lock.js";
import { createOwnerOnly } from "../db/owner-only.js";
import { loadEnv } from "../env.js";
import { resolveSessionSecret } from "../features/auth/session-secret.js";
import { backupConfigFrom, requestBackup, runBackup } from "../features/backups/service.js";
import { createStorage } from "../integrations/storage/create-storage.js";

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  // What this command writes (a backup, a restored workspace) is owner-only.
  createOwnerOnly();
  const { values } = parseArgs({ options: { dir: { type: "string" } } });
  const env = loadEnv();
  const dir = path.resolve(values.dir ?? env.BACKUP_DIR);

  if (!env.DATABASE_URL && dataDirInUse(env.DATA_DIR)) {
    console.log(`A server is running on ${env.DATA_DIR}: asking it to take the backup...`);
    const result = await requestBackup(env.DATA_DIR, dir, () => dataDirInUse(env.DATA_DIR));
    if (!result.ok) throw new Error(`The backup failed: ${result.error}`);
    console.log(`Backup written: ${result.file} (${megabytes(result.bytes)})`);
    return;
  }
  if (!env.DATABASE_URL && !fs.existsSync(path.join(env.DATA_DIR, "pgdata"))) {
    throw new Error(`There is no database in ${env.DATA_DIR} to back up (set DATA_DIR, or DATABASE_URL for PostgreSQL).`);
  }
  // The key the server signs with: BACKUP_KEY, else the session secret it runs with.
  const config = backupConfigFrom(env, resolveSessionSecret(env.SESSION_SECRET, env.DATA_DIR), env.S3_BUCKET ? await createStorage(env) : undefined);
  // As it is: a backup taken before an update keeps the database at the level it was.
  const database = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL, { migrate: false }) : await openPglite(env.DATA_DIR, { migrate: false });
  try {
    const result = await runBackup(database.db, config, { trigger: "command", dir });
    const { images } = result.manifest;
    console.log(`Backup written: ${result.file} (${megabytes(result.bytes)})`);
    if (result.copiedTo) console.log(`Copied to ${result.copiedTo}`);
    console.log(`It holds the database and ${images.count} images (${megabytes(images.bytes)})${images.storage === "s3" ? `, read from the bucket ${images.bucket}` : ""}.`);
    console.log(`Signed with backup key ${config.key.id} (from ${config.key.from}): a restore needs that key (docs/guides/operations.md, "Backups").`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof DataDirLockedError || err instanceof Error ? err.message : err);
  process.exit(1);
});

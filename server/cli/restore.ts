// `npm run restore <file> [-- --force]`: into an empty data folder, or
// the PostgreSQL database DATABASE_URL names; a non-empty one only with --force.
import path from "node:path";
import { parseArgs } from "node:util";
import { createOwnerOnly } from "../db/owner-only.js";
import { loadEnv } from "../env.js";
import { restoreBackup, restoreKeys } from "../features/backups/service.js";
import { createStorage } from "../integrations/storage/create-storage.js";

async function main() {
  // What this command writes (a backup, a restored workspace) is owner-only.
  createOwnerOnly();
  const { values, positionals } = parseArgs({
    options: { force: { type: "boolean", default: false }, unverified: { type: "boolean", default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new Error("Usage: npm run restore <backup file> [-- --force] [--unverified]");
  const env = loadEnv();
  const file = path.resolve(positionals[0]);
  const target = env.DATABASE_URL ? "the PostgreSQL database in DATABASE_URL" : env.DATA_DIR;
  console.log(`Checking ${file}...`);
  if (values.unverified) console.log("--unverified: its signature is not checked; only its checksums are. Restore this way only a backup you made and kept.");
  const { manifest, setAside } = await restoreBackup(
    file,
    {
      dataDir: env.DATA_DIR,
      databaseUrl: env.DATABASE_URL,
      localImages: !env.S3_BUCKET,
      bucket: env.S3_BUCKET ? await createStorage(env) : undefined,
      trust: values.unverified ? "unverified" : restoreKeys(env),
    },
    { force: values.force },
  );
  console.log(`Restored the backup of ${manifest.createdAt} (Listing Desk ${manifest.appVersion}) into ${target}.`);
  if (setAside) console.log(`What was there before is kept in ${setAside}.`);
  if (manifest.images.count === 0 && manifest.images.storage === "s3") {
    console.log(`This backup was made before images in a bucket were backed up: they are in the bucket ${manifest.images.bucket}; set S3_* to use it.`);
  } else if (env.S3_BUCKET) console.log(`Its ${manifest.images.count} images are in the bucket ${env.S3_BUCKET}.`);
  console.log("Start the app with npm start; everyone signs in again.");
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

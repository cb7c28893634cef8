import path from "node:path";
import { EnvError, type Env } from "../../env.js";
import { createLocalStorage } from "./local-storage.js";
import type { ObjectStorage } from "./object-storage.js";
import { createS3Storage } from "./s3-storage.js";

type StorageEnv = Pick<
  Env,
  "DATA_DIR" | "S3_BUCKET" | "S3_ENDPOINT" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_FORCE_PATH_STYLE"
>;

/** A bucket when S3_BUCKET is set, otherwise files under DATA_DIR/objects. */
export async function createStorage(env: StorageEnv): Promise<ObjectStorage> {
  if (!env.S3_BUCKET) return createLocalStorage(path.join(env.DATA_DIR, "objects"));
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new EnvError("Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither to use the default AWS credentials");
  }
  return createS3Storage({
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
}

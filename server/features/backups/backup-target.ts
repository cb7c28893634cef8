// Copies a finished backup to BACKUP_TARGET: the
// file that was read back and checked is streamed to the bucket under its own name, and the copy's
// size is checked against the file's.
import fs from "node:fs";
import path from "node:path";
import { HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { Env } from "../../env.js";
import { describeTarget, parseBackupTarget, type BackupTarget } from "./backup-target-url.js";

export type S3Env = Pick<Env, "S3_ENDPOINT" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_FORCE_PATH_STYLE">;

/** Waits before the second and third try of a copy. */
const COPY_RETRY_AFTER_MS = [1_000, 4_000];

export interface BackupCopier {
  /** s3://bucket/prefix, for Settings. */
  readonly where: string;
  /** Copies `file` to the target; answers the copy's address. */
  copy(file: string): Promise<string>;
}

export function s3ClientFor(env: S3Env): S3Client {
  return new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
    // As the image storage: several S3-compatible servers reject the SDK's default CRC checksums.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

export function backupCopier(targetUrl: string, env: S3Env): BackupCopier {
  const target: BackupTarget = parseBackupTarget(targetUrl);
  const client = s3ClientFor(env);
  return {
    where: describeTarget(target),
    async copy(file) {
      const name = path.basename(file);
      const Key = `${target.prefix}${name}`;
      const size = (await fs.promises.stat(file)).size;
      const put = async () => {
        await client.send(
          new PutObjectCommand({ Bucket: target.bucket, Key, Body: fs.createReadStream(file), ContentLength: size, ContentType: "application/gzip" }),
        );
        const head = await client.send(new HeadObjectCommand({ Bucket: target.bucket, Key }));
        if (head.ContentLength !== size) throw new Error(`the copy holds ${head.ContentLength} bytes where the file has ${size}`);
      };
      // The SDK does not retry a streamed body: a passing network fault gets two more tries here.
      for (let attempt = 0; ; attempt++) {
        try {
          await put();
          return describeTarget(target, name);
        } catch (err) {
          if (attempt >= COPY_RETRY_AFTER_MS.length) {
            throw new Error(`The backup was written to ${file} but could not be copied to ${describeTarget(target, name)}: ${(err as Error).message}`);
          }
          await new Promise((resolve) => setTimeout(resolve, COPY_RETRY_AFTER_MS[attempt]));
        }
      }
    },
  };
}

// Backups with S3, against a real S3-compatible
// server (vitest.s3.config.ts): images kept in a bucket are in the backup file, BACKUP_TARGET
// receives a copy of the file, Settings' status says where it went, and a restore puts the images
// into a local data folder or into a fresh bucket.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.js";
import { uploadedObjects } from "../../db/tables.js";
import { loadEnv } from "../../env.js";
import { createTestBucket } from "../../integrations/storage/s3-test-bucket.js";
import { createEmbeddedTestDatabase } from "../../test/test-database.js";
import { insertUser } from "../users/service.js";
import { s3ClientFor } from "./backup-target.js";
import { restoreBackup } from "./restore.js";
import { backupConfigFrom, backupStatus, runBackup } from "./service.js";
import { distinctPng, TEST_BACKUP_KEY } from "./test-support.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "backups-s3-"));
type Bucket = Awaited<ReturnType<typeof createTestBucket>>;
let images: Bucket;
let target: Bucket;
let restored: Bucket;
let database: Database;

beforeAll(async () => {
  [images, target, restored] = await Promise.all([createTestBucket(), createTestBucket(), createTestBucket()]);
  database = await createEmbeddedTestDatabase();
});
afterAll(async () => {
  await database.close();
  await Promise.all([images.destroy(), target.destroy(), restored.destroy()]);
  fs.rmSync(root, { recursive: true, force: true });
});

const s3Env = () => ({
  S3_ENDPOINT: process.env.TEST_S3_ENDPOINT,
  S3_REGION: process.env.TEST_S3_REGION ?? "us-east-1",
  S3_ACCESS_KEY_ID: process.env.TEST_S3_ACCESS_KEY_ID,
  S3_SECRET_ACCESS_KEY: process.env.TEST_S3_SECRET_ACCESS_KEY,
  S3_FORCE_PATH_STYLE: "1",
});

describe("backups with S3", () => {
  it("hold the bucket's images, leave the machine for BACKUP_TARGET, and restore the images locally or into a bucket", async () => {
    const owner = await insertUser(database.db, { username: "owner", password: "x", email: null, isAdmin: true });
    const keys = [randomUUID(), randomUUID()];
    const bytes = await Promise.all(keys.map((_, i) => distinctPng(i + 10)));
    for (const [i, key] of keys.entries()) {
      await images.storage.put(`images/${key}`, bytes[i], "image/png");
      await database.db.insert(uploadedObjects).values({ key, userId: owner.id, status: "stored", contentType: "image/png", size: bytes[i].length });
    }
    // A pending upload is not an image yet: not in the backup.
    await images.storage.put(`images/${randomUUID()}`, Buffer.from("not checked"), "image/png");

    const env = loadEnv({
      ...s3Env(),
      DATA_DIR: path.join(root, "data"),
      S3_BUCKET: images.config.bucket,
      BACKUP_TARGET: `s3://${target.config.bucket}/nightly/desk-1`,
      BACKUP_SCHEDULE: "off",
    });
    const config = { ...backupConfigFrom(env, "s".repeat(40), images.storage), key: TEST_BACKUP_KEY };
    const result = await runBackup(database.db, config, { trigger: "command" });
    expect(result.manifest.images).toEqual({ storage: "s3", bucket: images.config.bucket, count: 2, bytes: bytes[0].length + bytes[1].length });
    const name = path.basename(result.file);
    expect(result.copiedTo).toBe(`s3://${target.config.bucket}/nightly/desk-1/${name}`);
    expect(await target.names()).toEqual([`nightly/desk-1/${name}`]);

    // The copy is the file, byte for byte.
    const copy = await s3ClientFor(env).send(new GetObjectCommand({ Bucket: target.config.bucket, Key: `nightly/desk-1/${name}` }));
    const copied = Buffer.from(await copy.Body!.transformToByteArray());
    expect(copied.equals(fs.readFileSync(result.file))).toBe(true);

    const status = await backupStatus(database.db, config);
    expect(status.target).toBe(`s3://${target.config.bucket}/nightly/desk-1/`);
    expect(status.last).toMatchObject({ ok: true, file: name, copiedTo: result.copiedTo });

    // The copy, restored on a machine keeping images on disk: the images are in the data folder.
    const downloaded = path.join(root, name);
    fs.writeFileSync(downloaded, copied);
    const local = path.join(root, "local");
    await restoreBackup(downloaded, { dataDir: local, localImages: true, trust: [TEST_BACKUP_KEY] }, { force: false });
    for (const [i, key] of keys.entries()) expect(fs.readFileSync(path.join(local, "objects", "images", key)).equals(bytes[i])).toBe(true);

    // And on a machine with a bucket of its own: the images are put into it.
    await restoreBackup(downloaded, { dataDir: path.join(root, "with-bucket"), localImages: false, bucket: restored.storage, trust: [TEST_BACKUP_KEY] }, { force: false });
    expect(await restored.names()).toEqual(keys.map((k) => `images/${k}`).sort());
    for (const [i, key] of keys.entries()) {
      const body = await restored.storage.read(`images/${key}`);
      expect(Buffer.concat(await body!.toArray()).equals(bytes[i])).toBe(true);
    }
  }, TIMEOUT.slow);
});

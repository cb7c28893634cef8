// A fresh bucket per test file on the server named by TEST_S3_* (see vitest.s3.config.ts).
import { randomBytes } from "node:crypto";
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";
import { createS3Storage, type S3Config } from "./s3-storage.js";

export function testS3Config(bucket: string): S3Config {
  return {
    bucket,
    endpoint: process.env.TEST_S3_ENDPOINT,
    region: process.env.TEST_S3_REGION ?? "us-east-1",
    accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID,
    secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY,
    forcePathStyle: true,
  };
}

export const testBucketName = () => `test-${randomBytes(6).toString("hex")}`;

export async function createTestBucket(name = testBucketName()) {
  const config = testS3Config(name);
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId!, secretAccessKey: config.secretAccessKey! },
  });
  await client.send(new CreateBucketCommand({ Bucket: config.bucket }));
  const storage = await createS3Storage(config);

  const names = async () =>
    ((await client.send(new ListObjectsV2Command({ Bucket: config.bucket }))).Contents ?? []).map((o) => o.Key!).sort();

  return {
    storage,
    config,
    /** Every object name in the bucket, sorted. */
    names,
    async destroy() {
      for (const Key of await names()) await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key }));
      await client.send(new DeleteBucketCommand({ Bucket: config.bucket }));
      client.destroy();
    },
  };
}

// Objects in a private S3-compatible bucket. Browsers upload with presigned PUT URLs straight
// to the bucket; everything else (checking, serving, thumbnails) goes through the app.
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { Readable } from "node:stream";
import { assertObjectName, isObjectName, type S3ObjectStorage } from "./object-storage.js";

export interface S3Config {
  bucket: string;
  /** Unset for AWS itself; the base URL of any other S3-compatible service. */
  endpoint?: string;
  region: string;
  /** Unset to use the SDK's default chain (instance role, AWS_* variables, ...). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.$metadata.httpStatusCode === 404 || err.name === "NoSuchKey" || err.name === "NotFound");

const stripQuery = (url: string) => url.split("?")[0];

export async function createS3Storage(config: S3Config): Promise<S3ObjectStorage> {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Newer SDKs add CRC checksums by default, which presigned browser PUTs cannot send and
    // several S3-compatible servers reject.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = config.bucket;

  const presignUpload = (name: string, ttlSeconds: number) => {
    assertObjectName(name);
    return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: name }), { expiresIn: ttlSeconds });
  };

  // The SDK decides between path-style and virtual-hosted URLs; ask it once rather than guess.
  const PROBE = "incoming/probe";
  const probeUrl = stripQuery(await presignUpload(PROBE, 60));
  const objectBase = probeUrl.slice(0, -PROBE.length);

  return {
    kind: "s3",
    browserOrigins: [new URL(probeUrl).origin],
    presignUpload,

    nameFromObjectUrl(url) {
      if (!url.startsWith(objectBase)) return null;
      const name = stripQuery(url).slice(objectBase.length);
      return isObjectName(name) ? name : null;
    },

    async put(name, body, contentType) {
      assertObjectName(name);
      await client.send(new PutObjectCommand({ Bucket, Key: name, Body: body, ContentType: contentType }));
    },

    async stat(name) {
      assertObjectName(name);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: name }));
        return { size: head.ContentLength ?? 0 };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async readHead(name, bytes) {
      assertObjectName(name);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: name, Range: `bytes=0-${bytes - 1}` }));
        return Buffer.from(await res.Body!.transformToByteArray()).subarray(0, bytes);
      } catch (err) {
        // An empty object has no byte 0 to start a range at.
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416) return Buffer.alloc(0);
        throw err;
      }
    },

    async read(name) {
      assertObjectName(name);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        return res.Body as Readable;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async move(from, to, contentType) {
      assertObjectName(from);
      assertObjectName(to);
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: to,
          CopySource: `${Bucket}/${from}`,
          ContentType: contentType,
          MetadataDirective: "REPLACE",
        }),
      );
      await client.send(new DeleteObjectCommand({ Bucket, Key: from }));
    },

    async delete(name) {
      assertObjectName(name);
      await client.send(new DeleteObjectCommand({ Bucket, Key: name }));
    },
  };
}

// The storage both backends offer. Objects are named "<area>/<file>": images/<key> holds an
// accepted original, thumbs/<key>-w600.webp its card-sized copy, and incoming/<key> a direct
// bucket upload that has not been checked yet.
import type { Readable } from "node:stream";

export interface ObjectStorageBase {
  /** Origins outside our own that browsers talk to directly (for the Content-Security-Policy). */
  readonly browserOrigins: string[];
  /** Writes a whole object; readers see the old object or the new one, never half of one. */
  put(name: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's size, or null when there is no such object. */
  stat(name: string): Promise<{ size: number } | null>;
  /** Up to `bytes` leading bytes of the object (shorter when the object is). */
  readHead(name: string, bytes: number): Promise<Buffer>;
  /** The whole object, or null when there is no such object. */
  read(name: string): Promise<Readable | null>;
  /** Renames an object, setting its content type. */
  move(from: string, to: string, contentType: string): Promise<void>;
  /** Deletes an object; deleting a missing one is not an error. */
  delete(name: string): Promise<void>;
}

/** A local upload written to a temporary file, kept or dropped once the caller has decided. */
export interface StagedUpload {
  head: Buffer;
  size: number;
  /** The temporary file, for checks that read more than the head (an image's header). */
  file: string;
  commit(name: string): Promise<void>;
  discard(): Promise<void>;
}

/** Files under DATA_DIR; the app itself receives uploads, so it can check them as they stream. */
export interface LocalObjectStorage extends ObjectStorageBase {
  readonly kind: "local";
  /** Streams `source` to a temporary file, failing with ObjectTooLargeError past maxBytes. */
  stage(source: Readable, maxBytes: number): Promise<StagedUpload>;
}

/** An S3-compatible bucket; browsers upload straight to it with presigned URLs. */
export interface S3ObjectStorage extends ObjectStorageBase {
  readonly kind: "s3";
  /** A presigned PUT URL for one object, valid for ttlSeconds. */
  presignUpload(name: string, ttlSeconds: number): Promise<string>;
  /** The object name behind a presigned URL with its query string removed, or null. */
  nameFromObjectUrl(url: string): string | null;
}

export type ObjectStorage = LocalObjectStorage | S3ObjectStorage;

export class ObjectTooLargeError extends Error {
  constructor() {
    super("The object is larger than allowed");
  }
}

export const isObjectName = (name: string) => /^[a-z]+\/[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name);

/** Object names come from our own code, but a bad one must never reach a file path. */
export function assertObjectName(name: string): void {
  if (!isObjectName(name)) throw new Error(`Invalid object name: ${name}`);
}

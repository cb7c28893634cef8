// The backup file: a gzipped tar of named parts, written and read as streams (docs/decisions/
// 270-backup-file.md). Every part is hashed as it is written; the manifest, holding each part's size
// and SHA-256, is the last entry, so a file is trusted only once it has been read to its end.
import { createHash } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import { Transform, type Readable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { Header, Parser } from "tar";

export const MANIFEST_NAME = "manifest.json";
const BLOCK = 512;
/** A manifest larger than this is not ours (it lists parts, not their content). */
const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

/** The only names a backup may hold: nothing can point outside the folder it is restored into. */
const PART_NAME = /^(database\.(pgdata\.tar|pgdump)|objects\/images\/[A-Za-z0-9][A-Za-z0-9._-]*)$/;
export const isPartName = (name: string) => PART_NAME.test(name);

export interface PartSource {
  name: string;
  size: number;
  open(): Promise<Readable> | Readable;
}

export interface PartDigest {
  name: string;
  bytes: number;
  sha256: string;
}

/** A backup that cannot be trusted or used; its message is for the person who runs the command. */
export class BackupFileError extends Error {}

function headerBlock(name: string, size: number): Buffer {
  const header = new Header({ path: name, mode: 0o644, size, mtime: new Date(), type: "File", uid: 0, gid: 0 });
  if (header.encode()) throw new Error(`Part name too long for the archive: ${name}`);
  return header.block!;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/**
 * Writes `parts` and then the manifest that `manifestFor` makes from their digests into `file`
 * (created, never overwritten). On any failure, a full disk included, the file is removed.
 */
export async function writeArchive(
  file: string,
  parts: Iterable<PartSource> | AsyncIterable<PartSource>,
  manifestFor: (digests: PartDigest[]) => unknown,
): Promise<void> {
  const gzip = zlib.createGzip({ level: 6 });
  const done = pipeline(gzip, fs.createWriteStream(file, { flags: "wx", mode: 0o600 }));
  // A failed write (ENOSPC) destroys the pipeline: whoever waits for "drain" hears it through `done`.
  done.catch(() => {});
  const write = async (chunk: Buffer) => {
    if (!gzip.write(chunk)) await Promise.race([once(gzip, "drain"), done]);
  };
  const writePart = async (name: string, size: number, body: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<PartDigest> => {
    await write(headerBlock(name, size));
    const hash = createHash("sha256");
    let bytes = 0;
    for await (const chunk of body) {
      bytes += chunk.length;
      if (bytes > size) break;
      hash.update(chunk);
      await write(chunk);
    }
    if (bytes !== size) throw new Error(`${name} changed while it was being backed up (${bytes} bytes, expected ${size})`);
    await write(padding(size));
    return { name, bytes, sha256: hash.digest("hex") };
  };
  try {
    const digests: PartDigest[] = [];
    for await (const part of parts) digests.push(await writePart(part.name, part.size, await part.open()));
    const manifest = Buffer.from(JSON.stringify(manifestFor(digests), null, 2));
    await writePart(MANIFEST_NAME, manifest.length, [manifest]);
    await write(Buffer.alloc(BLOCK * 2));
    gzip.end();
    await done;
  } catch (err) {
    gzip.destroy();
    await done.catch(() => {});
    await fs.promises.rm(file, { force: true });
    throw err;
  }
}

export interface ArchiveEntry {
  name: string;
  size: number;
  /** The entry's bytes; they wait until read (or resumed), and reading the archive waits with them. */
  body: Readable;
}

function describeReadError(file: string, err: unknown): BackupFileError {
  if (err instanceof BackupFileError) return err;
  const code = (err as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return new BackupFileError(`${file} does not exist.`);
  if (code === "EISDIR") return new BackupFileError(`${file} is a folder, not a backup file.`);
  if (code === "Z_BUF_ERROR" || code === "TAR_ABORT" || /unexpected end/i.test(String((err as Error).message))) {
    return new BackupFileError(`${file} is truncated or damaged: it ends before the backup does. Nothing was restored.`);
  }
  return new BackupFileError(`${file} is not a Listing Desk backup, or it is damaged (${(err as Error).message}). Nothing was restored.`);
}

/**
 * Reads every entry of the archive in order, handing each to `onEntry` (which consumes its body),
 * and returns the manifest's parsed JSON with the digest of every other part as read.
 */
export async function readArchive(
  file: string,
  onEntry: (entry: ArchiveEntry) => Promise<void> | void = (entry) => void entry.body.resume(),
): Promise<{ manifest: unknown; digests: PartDigest[] }> {
  const digests: PartDigest[] = [];
  const pending: Promise<unknown>[] = [];
  let manifestText: string | null = null;
  let problem: BackupFileError | null = null;
  const refuse = (message: string) => {
    problem ??= new BackupFileError(`${file} ${message} Nothing was restored.`);
  };
  const parser = new Parser({
    strict: true,
    onReadEntry: (entry) => {
      const name = entry.path;
      if (entry.type !== "File" || (name !== MANIFEST_NAME && !isPartName(name))) {
        refuse(`holds "${name}", which a Listing Desk backup never does: it is not one of ours, or it was tampered with.`);
        return void entry.resume();
      }
      if (manifestText !== null) refuse("has parts after its manifest: it was tampered with.");
      const size = entry.size ?? 0;
      if (name === MANIFEST_NAME) {
        if (size > MAX_MANIFEST_BYTES) {
          refuse("has a manifest far too large to be ours.");
          return void entry.resume();
        }
        const chunks: Buffer[] = [];
        entry.on("data", (c: Buffer) => chunks.push(c));
        pending.push(once(entry, "end").then(() => (manifestText = Buffer.concat(chunks).toString("utf8"))));
        return;
      }
      // One path for the bytes: hashed on their way to whoever reads them, and held (with
      // backpressure on the archive) until someone does.
      const hash = createHash("sha256");
      let bytes = 0;
      const body = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          bytes += chunk.length;
          callback(null, chunk);
        },
      });
      entry.pipe(body);
      open.add(body);
      entry.on("end", () => open.delete(body));
      pending.push(finished(body, { writable: false }).then(() => digests.push({ name, bytes, sha256: hash.digest("hex") })));
      pending.push(Promise.resolve(onEntry({ name, size, body })));
    },
  });
  const open = new Set<Transform>();
  // The file ended inside an entry: its reader would otherwise wait for the rest forever.
  const cutShort = () => {
    for (const body of open) body.destroy(Object.assign(new Error("unexpected end of file"), { code: "TAR_ABORT" }));
  };
  try {
    // Node's own gunzip: it fails on a file cut short, where a parser left to unzip would wait.
    await pipeline(fs.createReadStream(file), zlib.createGunzip(), parser);
    cutShort();
    await Promise.all(pending);
  } catch (err) {
    cutShort();
    await Promise.allSettled(pending);
    throw describeReadError(file, err);
  }
  if (problem) throw problem;
  if (manifestText === null) {
    throw new BackupFileError(
      `${file} has no manifest: it is not a Listing Desk backup, or it was cut short before its end. Nothing was restored.`,
    );
  }
  try {
    return { manifest: JSON.parse(manifestText), digests };
  } catch {
    throw new BackupFileError(`${file} has a manifest that is not valid JSON: it was tampered with. Nothing was restored.`);
  }
}

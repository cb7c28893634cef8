// PGlite's data folder as a tar, taken so that statements wait only for a memory copy: PGlite's own
// dumpDataDir builds the whole tar in one synchronous call while it holds the database (over a
// second at 10,000 listings, during which no request is answered). Here the files' bytes are
// copied while the caller holds the database, and the tar is built from that copy afterwards, a
// part at a time, yielding between parts.
import { Readable } from "node:stream";
import type { PGlite } from "@electric-sql/pglite";
import { Header } from "tar";

const BLOCK = 512;
/** Bytes handed on at a time, so hashing and compressing them never hold the event loop long. */
const CHUNK = 1024 * 1024;

interface EmscriptenFs {
  readdir(path: string): string[];
  stat(path: string): { mode: number; mtime: Date };
  isFile(mode: number): boolean;
  isDir(mode: number): boolean;
  readFile(path: string, opts: { encoding: "binary" }): Uint8Array;
}

interface Entry {
  name: string;
  mtime: Date;
  /** null for a folder. */
  data: Uint8Array | null;
}

export interface DataDirCopy {
  size: number;
  open(): Readable;
}

/**
 * Copies every file of the running database's data folder (synchronously: nothing else runs while
 * it copies). Call it while holding the database, so the copy is the state of one instant, the
 * same state PGlite's own dump would hold (what a crash would leave, which PostgreSQL recovers).
 */
export function copyDataDir(client: PGlite): DataDirCopy {
  const mod = (client as unknown as { Module: { FS: EmscriptenFs; ENV: Record<string, string> } }).Module;
  const { FS } = mod;
  const root = mod.ENV.PGDATA;
  const entries: Entry[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const name of FS.readdir(dir)) {
      if (name === "." || name === "..") continue;
      const full = `${dir}/${name}`;
      const stat = FS.stat(full);
      const isFile = FS.isFile(stat.mode);
      entries.push({ name: prefix + name, mtime: stat.mtime, data: isFile ? FS.readFile(full, { encoding: "binary" }) : null });
      if (FS.isDir(stat.mode)) walk(full, `${prefix}${name}/`);
    }
  };
  walk(root, "");
  const padded = (n: number) => Math.ceil(n / BLOCK) * BLOCK;
  const size = entries.reduce((sum, e) => sum + BLOCK + padded(e.data?.length ?? 0), 0) + 2 * BLOCK;
  return { size, open: () => Readable.from(tarChunks(entries)) };
}

async function* tarChunks(entries: Entry[]): AsyncGenerator<Buffer> {
  for (const entry of entries) {
    const size = entry.data?.length ?? 0;
    const header = new Header({ path: entry.name, mode: entry.data ? 0o600 : 0o700, size, mtime: entry.mtime, type: entry.data ? "File" : "Directory", uid: 0, gid: 0 });
    if (header.encode()) throw new Error(`Database file name too long for the archive: ${entry.name}`);
    yield header.block!;
    if (entry.data) {
      for (let at = 0; at < size; at += CHUNK) yield Buffer.from(entry.data.buffer, entry.data.byteOffset + at, Math.min(CHUNK, size - at));
      if (size % BLOCK) yield Buffer.alloc(BLOCK - (size % BLOCK));
    }
    // Let waiting requests in between files.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  yield Buffer.alloc(2 * BLOCK);
}

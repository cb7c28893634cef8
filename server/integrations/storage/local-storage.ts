// Objects as files under one folder (DATA_DIR/objects by default). Every write goes to a
// temporary file first and is renamed into place, so a crash never leaves half an image behind.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { IMAGE_SNIFF_BYTES } from "./image-types.js";
import { assertObjectName, ObjectTooLargeError, type LocalObjectStorage, type StagedUpload } from "./object-storage.js";

const TMP = "tmp";

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === "ENOENT";

export function createLocalStorage(dir: string): LocalObjectStorage {
  fs.mkdirSync(path.join(dir, TMP), { recursive: true, mode: 0o700 });

  const fileOf = (name: string) => {
    assertObjectName(name);
    return path.join(dir, name);
  };
  const tempFile = () => path.join(dir, TMP, `${randomUUID()}.part`);

  async function publish(tmp: string, name: string) {
    const target = fileOf(name);
    await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await fsp.rename(tmp, target);
  }

  return {
    kind: "local",
    browserOrigins: [],

    async put(name, body) {
      const tmp = tempFile();
      try {
        await fsp.writeFile(tmp, body, { flag: "wx", mode: 0o600 });
        await publish(tmp, name);
      } catch (err) {
        await fsp.rm(tmp, { force: true });
        throw err;
      }
    },

    async stat(name) {
      try {
        return { size: (await fsp.stat(fileOf(name))).size };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async readHead(name, bytes) {
      const handle = await fsp.open(fileOf(name), "r");
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    async read(name) {
      // Opening first turns a missing file into null instead of a stream error later.
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(fileOf(name), "r");
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      return handle.createReadStream();
    },

    async move(from, to) {
      await publish(fileOf(from), to);
    },

    async delete(name) {
      await fsp.rm(fileOf(name), { force: true });
    },

    stage: (source, maxBytes) => stageToFile(source, maxBytes, tempFile(), publish),
  };
}

let temporary: LocalObjectStorage | undefined;

/**
 * Storage in the system's temporary folder, for apps built without storage (tests that do not
 * look at images). One folder serves every such process: keys are random, so they never clash,
 * and nothing piles up a folder per test run.
 */
export function temporaryStorage(): LocalObjectStorage {
  temporary ??= createLocalStorage(path.join(os.tmpdir(), `listing-desk-objects-${os.userInfo().uid}`));
  return temporary;
}

/**
 * Copies a request body to `tmp`, keeping its first bytes for sniffing. Past maxBytes it stops
 * reading and fails; the request itself is left alone so the caller can still answer it.
 */
async function stageToFile(
  source: Readable,
  maxBytes: number,
  tmp: string,
  publish: (tmp: string, name: string) => Promise<void>,
): Promise<StagedUpload> {
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const out = fs.createWriteStream(tmp, { flags: "wx", mode: 0o600 });

  try {
    await new Promise<void>((resolve, reject) => {
      const stop = (err: Error) => {
        source.off("data", onData);
        source.pause();
        out.destroy();
        reject(err);
      };
      const onData = (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) return stop(new ObjectTooLargeError());
        if (headLength < IMAGE_SNIFF_BYTES) {
          headChunks.push(chunk);
          headLength += chunk.length;
        }
        if (!out.write(chunk)) {
          source.pause();
          out.once("drain", () => source.resume());
        }
      };
      source.on("data", onData);
      source.once("end", () => out.end());
      source.once("error", stop);
      // A client that hangs up mid-upload closes the request without ending it.
      source.once("close", () => {
        if (!source.readableEnded) stop(new Error("The upload was interrupted"));
      });
      out.once("error", stop);
      out.once("close", () => {
        if (out.writableFinished) resolve();
      });
    });
  } catch (err) {
    // A destroyed stream may still be opening its file: wait for the close so the file exists
    // (or never will) before removing it, or the open lands after the rm and leaves it behind.
    if (!out.closed) await new Promise<void>((settle) => out.once("close", () => settle()));
    await fsp.rm(tmp, { force: true });
    throw err;
  }

  return {
    head: Buffer.concat(headChunks).subarray(0, IMAGE_SNIFF_BYTES),
    size,
    file: tmp,
    commit: (name) => publish(tmp, name),
    discard: () => fsp.rm(tmp, { force: true }),
  };
}

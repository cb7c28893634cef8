// Stamping a large PDF takes pdf-lib hundreds of milliseconds of CPU (a 40-page 10 MB file, see the
// guide's figures): it runs in a short-lived worker thread so the event loop keeps serving. As
// with the documents' inspect worker, at most two run at once, each with a heap cap and a time cap.
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { Stamp } from "./watermark.js";

export interface StampJob {
  bytes: Uint8Array;
  stamp: Stamp;
}

const MAX_WORKERS = 2;
const WALL_MS = 45_000;
const HEAP_MB = 512;

const fromSource = import.meta.url.endsWith(".ts");
const workerUrl = new URL(fromSource ? "./watermark-worker.ts" : "./watermark-worker.js", import.meta.url);
const workerExecArgv = fromSource ? ["--import", pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href] : undefined;

let running = 0;
const waiting: (() => void)[] = [];

/** The stamped PDF, made in a worker (the bytes are moved to it when they own their memory). */
export async function stampInWorker(job: StampJob): Promise<Buffer> {
  while (running >= MAX_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  const { bytes } = job;
  const owns = bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  let worker: Worker;
  try {
    worker = new Worker(workerUrl, {
      workerData: job,
      transferList: owns ? [bytes.buffer as ArrayBuffer] : [],
      execArgv: workerExecArgv,
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
  } catch (err) {
    release();
    throw err;
  }
  worker.once("exit", release);
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      settle();
    };
    const timer = setTimeout(() => finish(() => reject(new Error("Stamping the PDF took too long"))), WALL_MS);
    worker.once("message", (stamped: Uint8Array) => finish(() => resolve(Buffer.from(stamped.buffer, stamped.byteOffset, stamped.byteLength))));
    worker.on("error", (err: Error) => finish(() => reject(err)));
    worker.once("exit", (code) => finish(() => reject(new Error(`The watermark worker exited (${code}) without an answer`))));
  });
}

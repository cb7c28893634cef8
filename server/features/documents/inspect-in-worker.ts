// Deal-room PDFs and Office files are opened in a worker thread, never on the event loop (the
// pattern of server/integrations/flyer-link/parse-in-worker.ts): each file
// gets its own short-lived worker with a heap cap, a CPU-time cap and a wall-clock cap; one over
// a limit is terminated, and its PDF is kept for the team only (file-checks.ts says why).
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { COMPLEX_PDF_NOTE, type Inspection } from "./file-checks.js";

export interface InspectJob {
  ext: "pdf" | "xlsx" | "docx";
  bytes: Uint8Array;
}

export interface InspectLimits {
  /** CPU time the worker may use, startup included. */
  cpuMs: number;
  /** Time from start to answer, whatever the CPU time: a stuck or starved worker is stopped too. */
  wallMs: number;
  /** V8 heap of the worker; going over ends it with ERR_WORKER_OUT_OF_MEMORY. */
  heapMb: number;
}

// pdf-lib parses a 100 MB PDF of scanned pages in a few seconds and a few times its text
// objects in heap; these leave room for a busy machine and for tsx compiling the worker.
export const INSPECT_LIMITS: InspectLimits = { cpuMs: 20_000, wallMs: 45_000, heapMb: 512 };
const MAX_WORKERS = 2;
const CPU_CHECK_EVERY_MS = 100;

const fromSource = import.meta.url.endsWith(".ts");
const workerUrl = new URL(fromSource ? "./document-inspect-worker.ts" : "./document-inspect-worker.js", import.meta.url);
const workerExecArgv = fromSource ? ["--import", pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href] : undefined;

let running = 0;
const waiting: (() => void)[] = [];

/** Worker threads alive right now (tests check that none is left behind). */
export const inspectWorkersRunning = () => running;

/** What a file over a limit counts as: an Office file is refused, a PDF kept for the team. */
const overLimit = (job: InspectJob): Inspection =>
  job.ext === "pdf" ? { ok: true, pageCount: null, note: COMPLEX_PDF_NOTE } : { ok: false, refused: "That file is too large or complex to read" };

/** Opens the file in a worker (the bytes are moved to it when they own their memory: do not use them after). */
export async function inspectInWorker(job: InspectJob, limits = INSPECT_LIMITS): Promise<Inspection> {
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
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
  } catch (err) {
    release();
    throw err;
  }
  // The slot is free only once the thread is gone, so memory stays bounded by MAX_WORKERS.
  worker.once("exit", release);

  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(wallTimer);
      clearInterval(cpuTimer);
      void worker.terminate();
      settle();
    };
    const stop = () => finish(() => resolve(overLimit(job)));
    const wallTimer = setTimeout(stop, limits.wallMs);
    const cpuTimer = setInterval(() => {
      worker.cpuUsage().then(
        ({ user, system }) => (user + system) / 1000 > limits.cpuMs && stop(),
        () => {}, // the worker has just ended: its answer, error or exit settles the job
      );
    }, CPU_CHECK_EVERY_MS);
    worker.once("message", (found: Inspection) => finish(() => resolve(found)));
    worker.on("error", (err: Error & { code?: string }) =>
      // Over the heap cap is the file's doing; anything else is a bug and stays a 500.
      finish(() => (err.code === "ERR_WORKER_OUT_OF_MEMORY" ? resolve(overLimit(job)) : reject(err))),
    );
    worker.once("exit", (code) => finish(() => reject(new Error(`The document inspect worker exited (${code}) without an answer`))));
  });
}

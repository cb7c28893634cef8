// Deal-room PDFs and Office files are opened in a worker thread, never on the event loop
// (server/http/limited-worker.ts): each file
// gets its own short-lived worker with a heap cap, a CPU-time cap and a wall-clock cap; one over
// a limit is terminated, and its PDF is kept for the team only (file-checks.ts says why).
import { movableBuffers, runLimitedWorker, workerScript } from "../../http/limited-worker.js";
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

const script = workerScript(import.meta.url, "document-inspect-worker");

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
  // The slot is free only once the thread is gone, so memory stays bounded by MAX_WORKERS.
  return runLimitedWorker({
    script,
    workerData: job,
    transferList: movableBuffers(job.bytes),
    limits: { ...limits, youngMb: 32, checkEveryMs: CPU_CHECK_EVERY_MS },
    name: "document inspect",
    answer: (found: Inspection) => found,
    overLimit: () => overLimit(job),
    onExit: release,
  });
}

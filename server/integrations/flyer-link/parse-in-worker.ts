// Untrusted flyer documents (web pages, PDFs) are read in a worker thread, never on the event
// loop: however a document is crafted, the server keeps answering everyone else. Each document
// gets its own short-lived worker with a heap cap, a CPU-time cap and a wall-clock cap, and is
// refused above a byte cap; a worker over a limit is terminated. At most MAX_PARSE_WORKERS run
// at once, the rest wait their turn. 
import { movableBuffers, runLimitedWorker, workerScript } from "../../http/limited-worker.js";
import { FlyerImageError } from "./flyer-image-error.js";
import { FETCH_DEFAULTS } from "./safe-fetch.js";

export type FlyerParseJob = { kind: "html"; bytes: Uint8Array; pageUrl: string } | { kind: "pdf"; bytes: Uint8Array };

export interface ParseLimits {
  /** Larger documents are refused before a worker starts (the fetch cap, in case it is raised). */
  maxBytes: number;
  /** CPU time the worker may use, startup included. */
  cpuMs: number;
  /** Time from start to answer, whatever the CPU time: a stuck or starved worker is stopped too. */
  wallMs: number;
  /** V8 heap of the worker; going over ends it with ERR_WORKER_OUT_OF_MEMORY. */
  heapMb: number;
}

// A linear read of a 10 MB document takes well under a second of CPU; these leave a wide margin
// for a busy machine and for compiling the worker under tsx in development.
export const PARSE_LIMITS: ParseLimits = { maxBytes: FETCH_DEFAULTS.maxBytes, cpuMs: 3_000, wallMs: 10_000, heapMb: 128 };
const MAX_PARSE_WORKERS = 2;
const CPU_CHECK_EVERY_MS = 50;

// Under tsx or vitest this module is TypeScript and so is the worker, which then needs tsx's
// loader; built, both are bundled into dist/server/ and the worker is plain JavaScript.
const script = workerScript(import.meta.url, "flyer-parse-worker");

const tooLarge = () => new FlyerImageError("TOO_LARGE", "That file is too large");
const tooComplex = () => new FlyerImageError("TOO_COMPLEX", "That flyer is too large or complex to read");

let running = 0;
const waiting: (() => void)[] = [];

/** Worker threads alive right now (tests check that none is left behind). */
export const parseWorkersRunning = () => running;

async function takeSlot(): Promise<void> {
  while (running >= MAX_PARSE_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
}

function releaseSlot(): void {
  running--;
  waiting.shift()?.();
}

async function runParseJob(job: FlyerParseJob, limits: ParseLimits): Promise<unknown> {
  if (job.bytes.length > limits.maxBytes) throw tooLarge();
  await takeSlot();
  // The slot is free only once the thread is gone, so memory stays bounded by MAX_PARSE_WORKERS.
  return runLimitedWorker({
    script,
    workerData: job,
    transferList: movableBuffers(job.bytes),
    limits: { ...limits, youngMb: 16, checkEveryMs: CPU_CHECK_EVERY_MS },
    name: "flyer parse",
    answer: (result: unknown) => result,
    overLimit: () => {
      throw tooComplex();
    },
    onExit: releaseSlot,
  });
}

// The bytes given to these two are moved to the worker when they can be: do not use them after.

/** findHtmlImages (html-image.ts) on a page's bytes, in a worker. */
export async function findHtmlImagesInWorker(bytes: Buffer, pageUrl: string, limits = PARSE_LIMITS): Promise<string[]> {
  return (await runParseJob({ kind: "html", bytes, pageUrl }, limits)) as string[];
}

/** firstPdfJpeg (pdf-image.ts) on a PDF's bytes, in a worker. */
export async function firstPdfJpegInWorker(bytes: Buffer, limits = PARSE_LIMITS): Promise<Buffer | null> {
  const photo = (await runParseJob({ kind: "pdf", bytes }, limits)) as Uint8Array | null;
  return photo && Buffer.from(photo.buffer, photo.byteOffset, photo.byteLength);
}

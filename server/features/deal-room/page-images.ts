// Page images of view-only PDFs, drawn off the event loop in short-lived worker threads under the
// house's limits (server/http/limited-worker.ts): a heap cap, CPU and wall-clock caps, two at once.
// pdf.js draws a dense page in a few hundred milliseconds; a page past a limit is refused, not retried.
import { runLimitedWorker, workerScript, type WorkerLimits } from "../../http/limited-worker.js";

export interface PageSize {
  width: number;
  height: number;
}

export type PageJob = { kind: "sizes"; bytes: Uint8Array } | { kind: "page"; bytes: Uint8Array; page: number };
export type PageAnswer = { ok: true; sizes: PageSize[] } | { ok: true; image: Uint8Array; size: PageSize } | { ok: false; message: string };

export const UNREADABLE_PAGES = "This document's pages could not be drawn: the file is damaged or not a PDF we can read. Ask the team for another copy.";

export const PAGE_LIMITS: WorkerLimits = { heapMb: 512, youngMb: 32, cpuMs: 20_000, wallMs: 45_000, checkEveryMs: 100 };
const MAX_WORKERS = 2;

export const TOO_COMPLEX_PAGES = "This document's pages took too long to draw. Ask the team for another copy.";

const script = workerScript(import.meta.url, "page-render-worker");

let running = 0;
const waiting: (() => void)[] = [];

/** Worker threads alive right now (tests check that none is left behind). */
export const pageWorkersRunning = () => running;

/** Measures or draws in a worker; the bytes are copied (they are the cached stamped PDF, still in use). */
export async function pagesInWorker(job: PageJob, limits = PAGE_LIMITS): Promise<PageAnswer> {
  while (running >= MAX_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  return runLimitedWorker({
    script,
    workerData: job,
    limits,
    name: "page render",
    answer: (answer: PageAnswer) => answer,
    overLimit: (): PageAnswer => ({ ok: false, message: TOO_COMPLEX_PAGES }),
    settleAfterExit: true,
    onExit: release,
  });
}

// An OM of thirty pages holds a thread for a second of layout, so it is laid out in a worker
// thread, never on the event loop. The workers are kept between renders (at most two, the
// service's concurrency): starting one costs more than the layout itself (loading pdfkit and
// parsing the three Inter faces, and under tsx compiling the module), so a kept worker parses the
// fonts once and lays out every later OM at once (docs/decisions/429-om-render-workers-kept.md).
// Each render still has a wall-clock cap and each worker a heap cap; past either the worker is
// stopped, never reused, and the request gets a 503. An idle worker ends after a while.
import { Worker } from "node:worker_threads";
import { HttpError } from "../../http/http-error.js";
import { workerScript } from "../../http/limited-worker.js";
import { flyerFonts } from "../flyer/service.js";
import type { OmContent } from "./render-om.js";

export interface OmRenderLimits {
  wallMs: number;
  heapMb: number;
}
export const OM_RENDER_LIMITS: OmRenderLimits = { wallMs: 30_000, heapMb: 256 };

/** Workers kept idle at most: the service renders two at once (the flyer's concurrency). */
const KEEP_IDLE = 2;
/** An idle worker ends after this long, giving its memory back. */
const IDLE_MS = 30_000;

const script = workerScript(import.meta.url, "om-render-worker");

const tooLong = () => new HttpError(503, "The offering memorandum took too long to make. Please try again in a moment.");

/** What the worker answers one job with. */
export type OmWorkerAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

interface Kept {
  worker: Worker;
  heapMb: number;
  idleTimer?: NodeJS.Timeout;
}

const idle: Kept[] = [];
let nextId = 1;

function start(heapMb: number): Kept {
  const worker = new Worker(script.url, {
    // The fonts go once, with the worker: it parses them once for all its renders.
    workerData: { fonts: flyerFonts() },
    execArgv: script.execArgv,
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
  });
  const kept: Kept = { worker, heapMb };
  // Between jobs nobody else listens: a worker that fails or ends while idle just leaves the pool.
  const leave = () => {
    const at = idle.indexOf(kept);
    if (at >= 0) idle.splice(at, 1);
  };
  worker.on("error", leave);
  worker.on("exit", leave);
  return kept;
}

function rest(kept: Kept): void {
  if (idle.length >= KEEP_IDLE) {
    void kept.worker.terminate();
    return;
  }
  // Idle, it does not hold the process open.
  kept.worker.unref();
  kept.idleTimer = setTimeout(() => {
    idle.splice(idle.indexOf(kept), 1);
    void kept.worker.terminate();
  }, IDLE_MS);
  kept.idleTimer.unref();
  idle.push(kept);
}

function take(heapMb: number): Kept {
  const at = idle.findIndex((k) => k.heapMb === heapMb);
  if (at < 0) return start(heapMb);
  const [kept] = idle.splice(at, 1);
  clearTimeout(kept.idleTimer);
  kept.worker.ref();
  return kept;
}

/** Has a worker idle for the next render, starting one if none is: called as a render begins, so that the start overlaps the photos' preparation. */
export function warmOmWorker(limits = OM_RENDER_LIMITS): void {
  if (!idle.some((k) => k.heapMb === limits.heapMb)) rest(start(limits.heapMb));
}

/** renderOm (render-om.ts) in a kept worker thread. */
export function renderOmInWorker(content: OmContent, limits = OM_RENDER_LIMITS): Promise<Buffer> {
  const kept = take(limits.heapMb);
  const { worker } = kept;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (settle: () => void, reuse: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      if (reuse) rest(kept);
      else void worker.terminate();
      settle();
    };
    const onMessage = (answer: OmWorkerAnswer) => {
      if (answer.id !== id) return;
      if ("error" in answer) finish(() => reject(new Error(`The OM render failed: ${answer.error}`)), true);
      else finish(() => resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength)), true);
    };
    const onError = (err: Error & { code?: string }) => finish(() => reject(err.code === "ERR_WORKER_OUT_OF_MEMORY" ? tooLong() : err), false);
    const onExit = (code: number) => finish(() => reject(new Error(`The OM render worker exited (${code}) without an answer`)), false);
    const timer = setTimeout(() => finish(() => reject(tooLong()), false), limits.wallMs);
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.postMessage({ id, content });
  });
}

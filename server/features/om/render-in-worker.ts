// An OM of thirty pages holds the thread for seconds of layout (npm run bench), so it is laid out
// in a worker thread, never on the event loop: one short-lived worker a render, with a heap cap
// and a wall-clock cap, past which it is stopped and the request gets a 503. How many run at once
// is the service's concurrency limit (the flyer's).
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { HttpError } from "../../http/http-error.js";
import type { OmContent } from "./render-om.js";

export interface OmRenderLimits {
  wallMs: number;
  heapMb: number;
}
export const OM_RENDER_LIMITS: OmRenderLimits = { wallMs: 30_000, heapMb: 256 };

// Under tsx or vitest this module is TypeScript and so is the worker, which then needs tsx's
// loader; built, both are bundled into dist/server/ and the worker is plain JavaScript.
const fromSource = import.meta.url.endsWith(".ts");
const workerUrl = new URL(fromSource ? "./om-render-worker.ts" : "./om-render-worker.js", import.meta.url);
const workerExecArgv = fromSource ? ["--import", pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href] : undefined;

const tooLong = () => new HttpError(503, "The offering memorandum took too long to make. Please try again in a moment.");

/** renderOm (render-om.ts) in a worker thread. */
export function renderOmInWorker(content: OmContent, limits = OM_RENDER_LIMITS): Promise<Buffer> {
  const worker = new Worker(workerUrl, {
    workerData: content,
    execArgv: workerExecArgv,
    resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      settle();
    };
    const timer = setTimeout(() => finish(() => reject(tooLong())), limits.wallMs);
    worker.once("message", (pdf: Uint8Array) => finish(() => resolve(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength))));
    worker.on("error", (err: Error & { code?: string }) => finish(() => reject(err.code === "ERR_WORKER_OUT_OF_MEMORY" ? tooLong() : err)));
    worker.once("exit", (code) => finish(() => reject(new Error(`The OM render worker exited (${code}) without an answer`))));
  });
}

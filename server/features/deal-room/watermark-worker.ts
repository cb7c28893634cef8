// Worker thread entry: stamps one PDF (workerData) and posts the stamped bytes back. Started by
// stamp-in-worker.ts; built to dist/server/ beside the server bundle (scripts/build-server.mjs).
import { parentPort, workerData } from "node:worker_threads";
import type { StampJob } from "./stamp-in-worker.js";
import { stampPdf } from "./watermark.js";

const job = workerData as StampJob;
const stamped = await stampPdf(job.bytes, job.stamp);
parentPort!.postMessage(stamped, [stamped.buffer as ArrayBuffer]);

// Worker thread entry: opens one deal-room file (workerData), posts what it found and ends.
// Started, limited and stopped by inspect-in-worker.ts; built to dist/server/ beside the server
// bundle (scripts/build-server.mjs).
import { parentPort, workerData } from "node:worker_threads";
import { inspectOffice, inspectPdf } from "./file-checks.js";
import type { InspectJob } from "./inspect-in-worker.js";

const job = workerData as InspectJob;
const found = job.ext === "pdf" ? await inspectPdf(job.bytes) : inspectOffice(job.bytes, job.ext);
parentPort!.postMessage(found);

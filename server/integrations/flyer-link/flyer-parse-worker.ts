// Worker thread entry: reads one untrusted flyer document (workerData), posts the result and
// ends. Started, limited and stopped by parse-in-worker.ts; built to dist/server/ beside the
// server bundle (scripts/build-server.mjs).
import { parentPort, workerData } from "node:worker_threads";
import { findHtmlImages } from "./html-image.js";
import type { FlyerParseJob } from "./parse-in-worker.js";
import { firstPdfJpeg } from "./pdf-image.js";

const job = workerData as FlyerParseJob;
// Structured cloning delivers the bytes as a plain Uint8Array; view them as a Buffer, no copy.
const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
parentPort!.postMessage(job.kind === "html" ? findHtmlImages(bytes.toString("utf8"), job.pageUrl) : firstPdfJpeg(bytes));

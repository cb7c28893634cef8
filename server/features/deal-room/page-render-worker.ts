// Worker thread entry: draws one page of a stamped PDF, or measures its pages (workerData), and
// posts the answer back. Started by page-images.ts; built to dist/server/ beside the server bundle
// (scripts/build-server.mjs).
import { parentPort, workerData } from "node:worker_threads";
import type { PageJob } from "./page-images.js";
import { answerPageJob } from "./page-render.js";

const answer = await answerPageJob(workerData as PageJob);
parentPort!.postMessage(answer, "image" in answer ? [answer.image.buffer as ArrayBuffer] : []);

// Worker thread entry: decodes and parses one uploaded import file (workerData), posts the table
// or a 4xx's message, and ends. Started by read-in-worker.ts; built to dist/server/ beside the
// server bundle (scripts/build-server.mjs).
import { parentPort, workerData } from "node:worker_threads";
import type { ReadJob, ReadAnswer } from "./read-in-worker.js";
import { isClientError, readCsvText, readFileTable } from "./read-table.js";

const job = workerData as ReadJob;
const answer = async (): Promise<ReadAnswer> => {
  try {
    const table = job.text !== undefined ? readCsvText(job.text.replace(/^\uFEFF/, ""), job.options) : await readFileTable(job.bytes!, job.options);
    return { table };
  } catch (err) {
    if (isClientError(err)) return { error: err.message, status: err.status };
    throw err;
  }
};
parentPort!.postMessage(await answer());

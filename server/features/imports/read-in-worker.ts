// Decoding and parsing a file of up to 100,000 rows takes seconds of CPU: it runs in a worker
// thread so the server keeps answering everyone else meanwhile (the pattern of
// server/integrations/flyer/parse-in-worker.ts, docs/decisions/100). One file at a time per
// process; the rest wait their turn.
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { badRequest } from "../../http/http-error.js";
import { oneAtATime } from "./one-at-a-time.js";
import type { FileTable, ReadOptions } from "./read-table.js";

export interface ReadJob {
  /** The file's bytes (base64 content), or its text (text content). */
  bytes?: Uint8Array;
  text?: string;
  options: ReadOptions;
}
export type ReadAnswer = { table: FileTable } | { error: string };

const fromSource = import.meta.url.endsWith(".ts");
const workerUrl = new URL(fromSource ? "./import-read-worker.ts" : "./import-read-worker.js", import.meta.url);
const workerExecArgv = fromSource ? ["--import", pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href] : undefined;

/** A 100,000-row workbook unzips to a few hundred MB of XML strings at worst. */
const HEAP_MB = 1024;
const WALL_MS = 120_000;

const inTurn = oneAtATime();

function runOnce(job: ReadJob): Promise<FileTable> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, {
      workerData: job,
      execArgv: workerExecArgv,
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
    });
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      settle();
    };
    const timer = setTimeout(() => finish(() => reject(badRequest("The file took too long to read. Split it into smaller files."))), WALL_MS);
    worker.once("message", (answer: ReadAnswer) =>
      finish(() => ("error" in answer ? reject(badRequest(answer.error)) : resolve(answer.table))),
    );
    worker.on("error", (err: Error & { code?: string }) =>
      finish(() => reject(err.code === "ERR_WORKER_OUT_OF_MEMORY" ? badRequest("The file is too large to read. Split it into smaller files.") : err)),
    );
    worker.once("exit", (code) => finish(() => reject(new Error(`The import read worker exited (${code}) without an answer`))));
  });
}

/** The file's table, read in a worker thread; a file that cannot be read is a 400 with the reason. */
export function readInWorker(job: ReadJob): Promise<FileTable> {
  return inTurn(() => runOnce(job));
}

// Decoding and parsing a file of up to 100,000 rows takes seconds of CPU: it runs in a worker
// thread so the server keeps answering everyone else meanwhile (server/http/limited-worker.ts).
// Each file gets its own
// worker with a heap cap, a CPU-time cap and a wall-clock cap; a worker over a limit is
// terminated. A few files are read at once, at most one per member, so one member's slow file
// never holds another's.
import { HttpError } from "../../http/http-error.js";
import { runLimitedWorker, workerScript } from "../../http/limited-worker.js";
import { fairTurns, type TurnLimits } from "./fair-turns.js";
import type { FileTable, ReadOptions } from "./read-table.js";

export interface ReadJob {
  /** The file's bytes (base64 content), or its text (text content). */
  bytes?: Uint8Array;
  text?: string;
  options: ReadOptions;
}
export type ReadAnswer = { table: FileTable } | { error: string; status: number };

export interface ReadLimits {
  /** V8 heap of the worker; going over ends it with ERR_WORKER_OUT_OF_MEMORY. */
  heapMb: number;
  /** CPU time the worker may use, startup included. */
  cpuMs: number;
  /** Time from start to answer, whatever the CPU time: a stuck or starved worker is stopped too. */
  wallMs: number;
}

// The widest honest file, 100,000 rows of 32 columns with every cell different (a 20 MB .xlsx),
// takes about 12 s of CPU and less than 384 MB of heap to read; these leave room for a slower
// or busier machine.
export const READ_LIMITS: ReadLimits = { heapMb: 768, cpuMs: 40_000, wallMs: 120_000 };
/**
 * A running read holds at most its heap cap, the file and its unzipped parts twice (ours, then
 * the workbook reader's copy; IMPORT_LIMITS.maxXlsxBytes): about 1.6 GB. Two run at once.
 */
const TURNS: TurnLimits = { running: 2, perMember: 2, waiting: 20 };
const CPU_CHECK_EVERY_MS = 100;

const script = workerScript(import.meta.url, "import-read-worker");

const tooComplex = () =>
  new HttpError(413, "This file is too large or complex to read. Split it into smaller files, or save it as CSV with at most 100,000 rows.");

let alive = 0;
/** Read workers alive right now (tests check that none is left behind). */
export const readWorkersAlive = () => alive;

/** The file's table; settles only once the worker has exited, so a turn ends with its memory. */
function readOnce(job: ReadJob, limits: ReadLimits): Promise<FileTable> {
  alive++;
  return runLimitedWorker({
    script,
    workerData: job,
    limits: { ...limits, youngMb: 32, checkEveryMs: CPU_CHECK_EVERY_MS },
    name: "import read",
    answer: (answer: ReadAnswer) => {
      if ("error" in answer) throw new HttpError(answer.status, answer.error);
      return answer.table;
    },
    overLimit: () => {
      throw tooComplex();
    },
    settleAfterExit: true,
    onExit: () => alive--,
  });
}

const inTurn = fairTurns(TURNS);

/** The file's table, read in a worker thread in the member's turn; a file that cannot be read is a 4xx with the reason. */
export function readInWorker(job: ReadJob, member: number, limits = READ_LIMITS): Promise<FileTable> {
  return inTurn(member, () => readOnce(job, limits));
}

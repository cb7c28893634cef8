// Reading a file someone sent (a flyer, an import, a document) in a worker thread that cannot take
// the server down: a heap cap, a wall-clock limit and a CPU-time limit, each ending the thread.
// Past a limit is the input's doing (the caller says what it counts as); anything else the worker
// does wrong is a bug and rejects as one.
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

export interface WorkerScript {
  url: URL;
  execArgv: string[] | undefined;
}

/**
 * The worker module `name` beside the caller (pass `import.meta.url`): from source its .ts, run
 * through tsx; built, its .js, emitted beside the server's bundle (scripts/build-server.mjs).
 */
export function workerScript(callerUrl: string, name: string): WorkerScript {
  const fromSource = callerUrl.endsWith(".ts");
  return {
    url: new URL(`./${name}${fromSource ? ".ts" : ".js"}`, callerUrl),
    execArgv: fromSource ? ["--import", pathToFileURL(createRequire(callerUrl).resolve("tsx")).href] : undefined,
  };
}

export interface WorkerLimits {
  /** V8 old-generation heap; going over ends the worker with ERR_WORKER_OUT_OF_MEMORY. */
  heapMb: number;
  youngMb: number;
  wallMs: number;
  cpuMs: number;
  /** How often the CPU time is read. */
  checkEveryMs: number;
}

export interface LimitedWorkerJob<M, T> {
  script: WorkerScript;
  workerData: unknown;
  /** Buffers moved to the worker rather than copied (the caller must not use them after). */
  transferList?: ArrayBuffer[];
  limits: WorkerLimits;
  /** Named in the error when the worker exits without an answer ("flyer parse"). */
  name: string;
  /** The result from the worker's one message; may throw to refuse. */
  answer: (message: M) => T;
  /** What passing a limit counts as: a result, or a throw. */
  overLimit: () => T;
  /** Settle only once the thread has exited, so whoever waits next starts with its memory freed. */
  settleAfterExit?: boolean;
  /** Called once the thread is gone (or could not start): where a caller frees its slot. */
  onExit?: () => void;
}

export function runLimitedWorker<M, T>(job: LimitedWorkerJob<M, T>): Promise<T> {
  const { limits, settleAfterExit = false } = job;
  return new Promise<T>((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(job.script.url, {
        workerData: job.workerData,
        transferList: job.transferList ?? [],
        execArgv: job.script.execArgv,
        resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: limits.youngMb, stackSizeMb: 4 },
      });
    } catch (err) {
      job.onExit?.();
      reject(err as Error);
      return;
    }
    let outcome: (() => void) | undefined;
    let exited = false;
    const decide = (settle: () => void) => {
      if (outcome) return;
      outcome = settle;
      clearTimeout(wallTimer);
      clearInterval(cpuTimer);
      void worker.terminate();
      if (!settleAfterExit || exited) settle();
    };
    const settleWith = (produce: () => T) =>
      decide(() => {
        try {
          resolve(produce());
        } catch (err) {
          reject(err as Error);
        }
      });
    const stop = () => settleWith(job.overLimit);
    const wallTimer = setTimeout(stop, limits.wallMs);
    const cpuTimer = setInterval(() => {
      worker.cpuUsage().then(
        ({ user, system }) => (user + system) / 1000 > limits.cpuMs && stop(),
        () => {}, // the worker has just ended: its answer, error or exit decides
      );
    }, limits.checkEveryMs);

    worker.once("message", (message: M) => settleWith(() => job.answer(message)));
    worker.on("error", (err: Error & { code?: string }) => (err.code === "ERR_WORKER_OUT_OF_MEMORY" ? stop() : decide(() => reject(err))));
    worker.once("exit", (code) => {
      const earlier = outcome;
      exited = true;
      job.onExit?.();
      decide(() => reject(new Error(`The ${job.name} worker exited (${code}) without an answer`)));
      if (earlier && settleAfterExit) earlier();
    });
  });
}

/**
 * The bytes' buffer to move to a worker, when the bytes own all of it (else none, and they are
 * copied): a 10 MB copy on the event loop is work and garbage the main thread does not need.
 */
export function movableBuffers(bytes: Uint8Array): ArrayBuffer[] {
  const owns = bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return owns ? [bytes.buffer as ArrayBuffer] : [];
}

import { Worker } from "node:worker_threads";

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  /** Keep-alive connections, each sending its next request as soon as the last one is answered. */
  connections: number;
  durationMs: number;
  /** The status every answer must have to count (default 200; 304 for a conditional poll). */
  expectStatus?: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  bytesPerResponse: number;
}

/**
 * Drives a URL for a fixed time, autocannon-style, from a worker thread: the server under test
 * keeps this thread's event loop to itself, and the client's work is not counted against it.
 */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const worker = new Worker(new URL("./load-worker.ts", import.meta.url), { workerData: options });
  return new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) => code !== 0 && reject(new Error(`load worker exited with ${code}`)));
  });
}

/** The load every throughput section applies, so their ratios compare (`BENCH_DURATION_MS`, `BENCH_CONNECTIONS`). */
export const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5_000);
export const WARMUP_MS = 1_000;
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);

/** A warm-up (not counted), then the measured run: how every throughput section times a URL. */
export async function measureLoad(url: string, headers: Record<string, string> = {}, expectStatus = 200): Promise<LoadResult> {
  await runLoad({ url, headers, connections: CONNECTIONS, durationMs: WARMUP_MS, expectStatus });
  return runLoad({ url, headers, connections: CONNECTIONS, durationMs: DURATION_MS, expectStatus });
}

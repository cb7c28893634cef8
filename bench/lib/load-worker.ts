import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";
import type { LoadOptions, LoadResult } from "./load.js";

const { url, headers = {}, connections, durationMs, expectStatus = 200 } = workerData as LoadOptions;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

function request(): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => (res.statusCode === expectStatus ? resolve(bytes) : reject(new Error(`HTTP ${res.statusCode}`))));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

const latencies: number[] = [];
let errors = 0;
let bytes = 0;
const started = performance.now();
const deadline = started + durationMs;

async function connection() {
  while (performance.now() < deadline) {
    const sent = performance.now();
    try {
      bytes = await request();
      latencies.push(performance.now() - sent);
    } catch {
      errors += 1;
    }
  }
}

await Promise.all(Array.from({ length: connections }, connection));
const seconds = (performance.now() - started) / 1000;
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
const result: LoadResult = {
  requests: latencies.length,
  errors,
  rps: latencies.length / seconds,
  p50Ms: at(0.5),
  p99Ms: at(0.99),
  bytesPerResponse: bytes,
};
parentPort!.postMessage(result);

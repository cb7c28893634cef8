// How long a health check waits while the server reads a crafted 10 MB flyer (parsed in a worker), against the same health checks on an
// idle server in the same run. The server test checks that health checks are answered in the
// middle of a parse; this says how quickly, as a ratio.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { firstAdmin, percentile, startAppServers } from "./lib/app-servers.js";
import type { BenchSection } from "./lib/section.js";

const BYTES = 10 * 1024 * 1024;
const ROUNDS = Number(process.env.BENCH_FLYER_ROUNDS ?? 5);

/** `unit` repeated after `head`, BYTES long: the documents that were quadratic for the old readers. */
const flood = (head: string, unit: string) => Buffer.from((head + unit.repeat(Math.floor((BYTES - head.length) / unit.length))).padEnd(BYTES), "latin1");

const FLYERS: Record<string, [string, Buffer]> = {
  "/unclosed-img.html": ["text/html", flood("<html><body>", "<img ")],
  "/stream-keywords.pdf": ["application/pdf", flood("%PDF-1.4\n", "stream\n")],
};

async function healthMs(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/api/health`);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`health: HTTP ${res.status}`);
  return performance.now() - started;
}

/** Health checks one after another until `work` settles (or `count` of them when idle). */
async function probe(url: string, work: Promise<unknown> | null, count = 200): Promise<number[]> {
  let done = false;
  void work?.finally(() => (done = true));
  const times: number[] = [];
  while (work ? !done : times.length < count) times.push(await healthMs(url));
  return times;
}

async function run() {
  const site = http.createServer((req, res) => {
    const flyer = FLYERS[req.url ?? ""];
    if (flyer) res.writeHead(200, { "Content-Type": flyer[0] }).end(flyer[1]);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const app = await startAppServers(1, undefined, { FLYER_ALLOW_PRIVATE_NETWORKS: "true" });
  try {
    const { url } = app.servers[0];
    const client = await firstAdmin(url);
    await probe(url, null, 50); // warm-up
    const idle = await probe(url, null);
    console.log(`  health checks one after another, ${ROUNDS} reads of each 10 MB flyer; ratio = p95 while reading / p95 idle\n`);
    console.log(`  ${"".padEnd(26)}  checks   p50 ms   p95 ms   max ms   p95 ratio`);
    const row = (label: string, times: number[]) =>
      console.log(
        `  ${label.padEnd(26)}  ${String(times.length).padStart(6)}  ${percentile(times, 50).toFixed(1).padStart(7)}  ${percentile(times, 95).toFixed(1).padStart(7)}  ${Math.max(...times).toFixed(1).padStart(7)}  ${(percentile(times, 95) / percentile(idle, 95)).toFixed(2).padStart(9)}×`,
      );
    row("idle", idle);
    for (const path of Object.keys(FLYERS)) {
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const extraction = client.call("POST", "/api/looplink/extract-image", { flyerUrl: `${origin}${path}` });
        times.push(...(await probe(url, extraction)));
        const { status } = await extraction;
        if (status !== 422) throw new Error(`${path}: expected 422, got HTTP ${status}`);
      }
      row(`reading ${path.slice(1)}`, times);
    }
  } finally {
    await app.stop();
    site.closeAllConnections();
    await new Promise((resolve) => site.close(resolve));
  }
}

export const flyerReading: BenchSection = { title: "Flyer reading: health checks while a crafted flyer is read", run };

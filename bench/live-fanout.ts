// Fan-out (docs/decisions/184-live-workspace-bench.md): 500 concurrent event-stream clients on one app server; one change (a new
// listing) delivered to all of them, timed from the write's request to each client's receipt,
// and the server's RSS before the clients connected and after the rounds. PGlite, and PostgreSQL
// when BENCH_DATABASE_URL is set. The clients are teammates' tabs, within the caps on streams per
// session and per user (docs/decisions/220-event-stream-caps.md).
import http from "node:http";
import { DEFAULT_MAX_PER_SESSION, DEFAULT_MAX_PER_USER } from "../server/features/events/service.js";
import { validListingInput } from "../server/test/factories.js";
import { httpClient } from "../server/test/spawn-server.js";
import { BENCH_PASSWORD, firstAdmin, invitedMember, percentile, rssBytes, startAppServers } from "./lib/app-servers.js";
import { postgresNote } from "./lib/bench-databases.js";
import { megabytes } from "./lib/report.js";
import type { BenchSection } from "./lib/section.js";

const CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 500);
const ROUNDS = Number(process.env.BENCH_FANOUT_ROUNDS ?? 20);

interface Client {
  /** When each listings event arrived (performance.now()), in order. */
  arrivals: number[];
  request: http.ClientRequest;
}

function connect(url: string, cookie: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const client: Client = { arrivals: [], request: undefined as unknown as http.ClientRequest };
    client.request = http.get(`${url}/api/events`, { agent: false, headers: { accept: "text/event-stream", cookie } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: HTTP ${res.statusCode}`));
      res.setEncoding("utf8");
      let seenReady = false;
      res.on("data", (chunk: string) => {
        const now = performance.now();
        if (!seenReady && chunk.includes("event: ready")) {
          seenReady = true;
          resolve(client);
        }
        for (let i = chunk.indexOf("event: listings"); i >= 0; i = chunk.indexOf("event: listings", i + 1)) client.arrivals.push(now);
      });
    });
    client.request.on("error", reject);
  });
}

/** Sessions enough for `streams` streams, none past its session's or its user's cap: teammates, each signed in a few times. */
async function viewerCookies(url: string, admin: ReturnType<typeof httpClient>, streams: number): Promise<string[]> {
  const sessions = Math.ceil(streams / DEFAULT_MAX_PER_SESSION);
  const sessionsPerUser = DEFAULT_MAX_PER_USER / DEFAULT_MAX_PER_SESSION;
  const cookies: string[] = [];
  for (let u = 0; cookies.length < sessions; u++) {
    const username = await invitedMember(url, admin, `viewer${u}`);
    while (cookies.length < Math.min(sessions, (u + 1) * sessionsPerUser)) {
      const client = httpClient(url);
      const res = await client.call("POST", "/api/login", { username, password: BENCH_PASSWORD });
      if (res.status !== 200) throw new Error(`login: HTTP ${res.status}`);
      cookies.push(client.cookie);
    }
  }
  return cookies;
}

async function runOn(label: string, postgresUrl?: string) {
  const { servers, stop } = await startAppServers(1, postgresUrl);
  const clients: Client[] = [];
  try {
    const [server] = servers;
    const admin = await firstAdmin(server.url);
    const pid = server.child.pid!;
    const cookies = await viewerCookies(server.url, admin, CLIENTS);
    // Warm the server up (code loaded, caches filled) so the growth is the clients' own.
    for (let i = 0; i < 5; i++) await admin.call("POST", "/api/listings", validListingInput({ listingName: `Warm-up ${i}` }));
    const rssBefore = rssBytes(pid);
    for (let i = 0; i < CLIENTS; i += 50) {
      const batch = Array.from({ length: Math.min(50, CLIENTS - i) }, (_, j) => connect(server.url, cookies[Math.floor((i + j) / DEFAULT_MAX_PER_SESSION)]));
      clients.push(...(await Promise.all(batch)));
    }
    const delays: number[] = [];
    let missed = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      const res = await admin.call("POST", "/api/listings", validListingInput({ listingName: `Fan-out ${round}` }));
      if (res.status !== 201) throw new Error(`create: HTTP ${res.status}`);
      // A new listing is two changes (created, then its posts written): the first one counts.
      const arrival = (c: Client) => c.arrivals.find((at) => at >= started);
      const deadline = Date.now() + 5_000;
      while (clients.some((c) => arrival(c) === undefined) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      for (const c of clients) {
        const at = arrival(c);
        if (at === undefined) missed += 1;
        else delays.push(at - started);
      }
      // Let the round's second event pass before the next round starts.
      await new Promise((r) => setTimeout(r, 200));
    }
    const rssAfter = rssBytes(pid);
    console.log(
      `  ${label.padEnd(10)}  ${String(CLIENTS).padStart(7)}  ${percentile(delays, 50).toFixed(1).padStart(8)}  ${percentile(delays, 95).toFixed(1).padStart(8)}  ` +
        `${Math.max(...delays).toFixed(1).padStart(8)}  ${String(missed).padStart(6)}  ${megabytes(rssBefore).padStart(10)}  ${megabytes(rssAfter).padStart(10)}  ${megabytes(rssAfter - rssBefore).padStart(9)}`,
    );
  } finally {
    for (const c of clients) c.request.destroy();
    await stop();
  }
}

async function run() {
  const note = postgresNote();
  if (note) console.log(note);
  console.log(`  ${ROUNDS} rounds; delivery timed from sending the write to each client's receipt (goal: p95 <= 500 ms, RSS growth <= 100 MB)\n`);
  console.log(`  ${"".padEnd(10)}  clients    p50 ms    p95 ms    max ms  missed  RSS before   RSS after     growth`);
  await runOn("PGlite");
  if (process.env.BENCH_DATABASE_URL) await runOn("PostgreSQL", process.env.BENCH_DATABASE_URL);
}

export const liveFanout: BenchSection = { title: "Live workspace: fan-out to 500 event streams", run };

// The listings feed under load (BENCH_ONLY=feed): a portal's GET /feeds/listings.json (first
// page of 200 of 1,000 syndicated listings) and its 304 when nothing changed, each next to raw
// node:http sending the same bytes (goal: at least 0.50× each).
import { onEachBenchDatabase, type OpenBenchDatabase } from "./lib/bench-databases.js";
import { CONNECTIONS, DURATION_MS, WARMUP_MS } from "./lib/load.js";
import { pageAndRevalidation, publishAll } from "./lib/outgoing-listings-seed.js";
import type { BenchSection } from "./lib/section.js";
import { seedListings } from "./lib/seed-listings.js";
import type { Running } from "./lib/servers.js";
import { SCRYPT_COST } from "./lib/sign-in.js";
import { benchUser, signedInApp } from "./lib/signed-in-app.js";

const LISTINGS = 1_000;

async function underLoad(open: OpenBenchDatabase): Promise<void> {
  const { database, changes, dispose } = await open();
  const servers: Running[] = [];
  try {
    const { db } = database;
    const admin = await benchUser(db, "feeds");
    await seedListings(db, LISTINGS, admin.id, { facts: "full" });
    await publishAll(db, { syndicate: true }, { askingPrice: 1_650_000, leaseRate: 18.5, leaseRateUnit: "per SF/yr" });
    // No rate limit here: the bench is the flood the cache is for.
    // A trusted origin, as every set-up app has (PUBLIC_URL or the app's address).
    const env = { TRUST_PROXY: false, AUTH_SCRYPT_COST: SCRYPT_COST, PUBLIC_URL: "https://desk.example.com" };
    const { server: app, cookie } = await signedInApp(db, changes, admin, { feedRequestsPerMinute: 1_000_000_000, env });
    servers.push(app);
    const made = (await (await fetch(`${app.url}/api/feed-keys`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify({ name: "Bench portal" }) })).json()) as { key: string };
    const headers = { authorization: `Bearer ${made.key}` };
    const feedUrl = `${app.url}/feeds/listings.json`;
    const first = await fetch(feedUrl, { headers: { ...headers, "accept-encoding": "identity" } });
    const body = Buffer.from(await first.arrayBuffer());
    const etag = first.headers.get("etag") ?? "";
    const count = (JSON.parse(body.toString()) as { value: unknown[] }).value.length;
    console.log(`  first page: ${count} records, ${(body.length / 1024).toFixed(1)} KB; ${CONNECTIONS} keep-alive connections, ${DURATION_MS / 1000} s per target after a ${WARMUP_MS / 1000} s warm-up\n`);
    await pageAndRevalidation({ name: "feed", route: "/feeds/listings.json", appUrl: feedUrl, headers, body, etag, contentType: "application/json; charset=utf-8", servers });
  } finally {
    for (const server of servers) await server.close();
    await dispose();
  }
}

export const feedLoad: BenchSection = { title: "Listings feed under load", run: () => onEachBenchDatabase(underLoad) };

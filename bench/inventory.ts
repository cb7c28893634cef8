// The brokerage's inventory under load (BENCH_ONLY=inventory): a visitor's GET /inventory (first
// page of 24 of 1,000 listings shown in the inventory) and its 304 when nothing changed, each next
// to raw node:http sending the same bytes (goal: at least 0.50× each).
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
    const admin = await benchUser(db, "inventory");
    await seedListings(db, LISTINGS, admin.id, { facts: "full" });
    await publishAll(db, { inventory: true }, { askingPrice: 1_650_000 });
    const env = { TRUST_PROXY: false, AUTH_SCRYPT_COST: SCRYPT_COST, PUBLIC_URL: "https://desk.example.com" };
    const { server: app } = await signedInApp(db, changes, admin, { env });
    servers.push(app);
    // Both sides send the same identity bytes: the visitor asks for no compression.
    const headers = { "accept-encoding": "identity" };
    const pageUrl = `${app.url}/inventory`;
    const first = await fetch(pageUrl, { headers });
    const body = Buffer.from(await first.arrayBuffer());
    const etag = first.headers.get("etag") ?? "";
    const cards = (body.toString().match(/class="card"/g) ?? []).length;
    console.log(`  first page: ${cards} cards, ${(body.length / 1024).toFixed(1)} KB; ${CONNECTIONS} keep-alive connections, ${DURATION_MS / 1000} s per target after a ${WARMUP_MS / 1000} s warm-up\n`);
    await pageAndRevalidation({ name: "inventory", route: "/inventory", appUrl: pageUrl, headers, body, etag, contentType: "text/html; charset=utf-8", servers });
  } finally {
    for (const server of servers) await server.close();
    await dispose();
  }
}

export const inventoryLoad: BenchSection = { title: "Brokerage inventory under load", run: () => onEachBenchDatabase(underLoad) };

// The brokerage's inventory under load (BENCH_ONLY=inventory): a visitor's GET /inventory (first
// page of 24 of 1,000 listings shown in the inventory) and its 304 when nothing changed, each next
// to raw node:http sending the same bytes (goal: at least 0.50× each).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { listingPhotos, listingPublications, listings } from "../server/db/tables.js";
import { onEachBenchDatabase, type OpenBenchDatabase } from "./lib/bench-databases.js";
import { measureLoad, runLoad, CONNECTIONS, DURATION_MS, WARMUP_MS, type LoadResult } from "./lib/load.js";
import { printTable, ratio } from "./lib/report.js";
import type { BenchSection } from "./lib/section.js";
import { seedListings } from "./lib/seed-listings.js";
import { raw304Server, rawServer, type Running } from "./lib/servers.js";
import { SCRYPT_COST } from "./lib/sign-in.js";
import { benchUser, signedInApp } from "./lib/signed-in-app.js";

const LISTINGS = 1_000;

/** Publishes every active listing and shows it in the inventory, each with a price and a rights-confirmed cover. */
async function showAll(db: Parameters<typeof seedListings>[0]): Promise<void> {
  const rows = await db.select({ id: listings.id }).from(listings).where(sql`${listings.isActive}`);
  await db.update(listings).set({ askingPrice: 1_650_000, dealStage: "Active" });
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await db.insert(listingPublications).values(chunk.map((r) => ({ listingId: r.id, token: randomUUID().replaceAll("-", "").slice(0, 24), published: true, inventory: true })));
    await db.insert(listingPhotos).values(chunk.map((r) => ({ listingId: r.id, url: `/api/objects/images/${randomUUID()}`, position: 0, isCover: true, rightsConfirmed: true })));
  }
}

async function side(rawUrl: string, appUrl: string, headers: Record<string, string>, expectStatus = 200): Promise<{ raw: LoadResult; app: LoadResult }> {
  await measureLoad(rawUrl, headers, expectStatus);
  await measureLoad(appUrl, headers, expectStatus);
  const run = (url: string) => runLoad({ url, headers, connections: CONNECTIONS, durationMs: DURATION_MS, expectStatus });
  const raw = await run(rawUrl);
  const app = await run(appUrl);
  return { raw, app };
}

async function underLoad(open: OpenBenchDatabase): Promise<void> {
  const { database, changes, dispose } = await open();
  const servers: Running[] = [];
  try {
    const { db } = database;
    const admin = await benchUser(db, "inventory");
    await seedListings(db, LISTINGS, admin.id, { facts: "full" });
    await showAll(db);
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
    const [raw, raw304] = await Promise.all([rawServer(body, "text/html; charset=utf-8"), raw304Server(etag)]);
    servers.push(raw, raw304);
    console.log(`  first page: ${cards} cards, ${(body.length / 1024).toFixed(1)} KB; ${CONNECTIONS} keep-alive connections, ${DURATION_MS / 1000} s per target after a ${WARMUP_MS / 1000} s warm-up\n`);
    const page = await side(`${raw.url}/inventory`, pageUrl, headers);
    const notModified = await side(`${raw304.url}/inventory`, pageUrl, { ...headers, "if-none-match": etag }, 304);
    printTable([
      { label: "raw node:http, the first page's bytes", result: page.raw },
      { label: "full app, GET /inventory", result: page.app },
      { label: "raw node:http, 304", result: notModified.raw },
      { label: "full app, If-None-Match (304)", result: notModified.app },
    ]);
    console.log(`\n  inventory / raw: ${ratio(page.app, page.raw)}   inventory 304 / raw: ${ratio(notModified.app, notModified.raw)}   (goal >= 0.50× each)`);
  } finally {
    for (const server of servers) await server.close();
    await dispose();
  }
}

export const inventoryLoad: BenchSection = { title: "Brokerage inventory under load", run: () => onEachBenchDatabase(underLoad) };

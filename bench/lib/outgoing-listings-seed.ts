// What the feed's and the inventory's bench sections share: every active listing published with
// a price and a rights-confirmed cover, and a page and its 304 each beside raw node:http.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { listingPhotos, listingPublications, listings } from "../../server/db/tables.js";
import { measureLoad, runLoad, CONNECTIONS, DURATION_MS, type LoadResult } from "./load.js";
import { printTable, ratio } from "./report.js";
import type { seedListings } from "./seed-listings.js";
import { raw304Server, rawServer, type Running } from "./servers.js";

/** Publishes every active listing with the given switches, each with a price and a rights-confirmed cover. */
export async function publishAll(
  db: Parameters<typeof seedListings>[0],
  switches: { syndicate?: boolean; inventory?: boolean },
  prices: { askingPrice: number; leaseRate?: number; leaseRateUnit?: "per SF/yr" },
): Promise<void> {
  const rows = await db.select({ id: listings.id }).from(listings).where(sql`${listings.isActive}`);
  await db.update(listings).set({ ...prices, dealStage: "Active" });
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await db.insert(listingPublications).values(chunk.map((r) => ({ listingId: r.id, token: randomUUID().replaceAll("-", "").slice(0, 24), published: true, ...switches })));
    await db.insert(listingPhotos).values(chunk.map((r) => ({ listingId: r.id, url: `/api/objects/images/${randomUUID()}`, position: 0, isCover: true, rightsConfirmed: true })));
  }
}

/** The raw floor and the app under the same load, each warmed up first. */
async function side(rawUrl: string, appUrl: string, headers: Record<string, string>, expectStatus = 200): Promise<{ raw: LoadResult; app: LoadResult }> {
  await measureLoad(rawUrl, headers, expectStatus);
  await measureLoad(appUrl, headers, expectStatus);
  const run = (url: string) => runLoad({ url, headers, connections: CONNECTIONS, durationMs: DURATION_MS, expectStatus });
  const raw = await run(rawUrl);
  const app = await run(appUrl);
  return { raw, app };
}

/**
 * A page's full answer and its 304, each beside raw node:http sending the same bytes (or a bare
 * 304): prints the four rows and the two ratios against the goal of 0.50× each.
 */
export async function pageAndRevalidation(opts: {
  name: string;
  route: string;
  appUrl: string;
  headers: Record<string, string>;
  body: Buffer;
  etag: string;
  contentType: string;
  servers: Running[];
}): Promise<void> {
  const { name, route, appUrl, headers, body, etag, contentType, servers } = opts;
  const [raw, raw304] = await Promise.all([rawServer(body, contentType), raw304Server(etag)]);
  servers.push(raw, raw304);
  const page = await side(`${raw.url}/${name}`, appUrl, headers);
  const notModified = await side(`${raw304.url}/${name}`, appUrl, { ...headers, "if-none-match": etag }, 304);
  printTable([
    { label: "raw node:http, the first page's bytes", result: page.raw },
    { label: `full app, GET ${route}`, result: page.app },
    { label: "raw node:http, 304", result: notModified.raw },
    { label: "full app, If-None-Match (304)", result: notModified.app },
  ]);
  console.log(`\n  ${name} / raw: ${ratio(page.app, page.raw)}   ${name} 304 / raw: ${ratio(notModified.app, notModified.raw)}   (goal >= 0.50× each)`);
}

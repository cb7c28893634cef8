// What the feed's and the inventory's bench sections share: every active listing published with
// a price and a rights-confirmed cover, and a raw-then-app load run side by side.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { listingPhotos, listingPublications, listings } from "../../server/db/tables.js";
import { measureLoad, runLoad, CONNECTIONS, DURATION_MS, type LoadResult } from "./load.js";
import type { seedListings } from "./seed-listings.js";

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
export async function side(rawUrl: string, appUrl: string, headers: Record<string, string>, expectStatus = 200): Promise<{ raw: LoadResult; app: LoadResult }> {
  await measureLoad(rawUrl, headers, expectStatus);
  await measureLoad(appUrl, headers, expectStatus);
  const run = (url: string) => runLoad({ url, headers, connections: CONNECTIONS, durationMs: DURATION_MS, expectStatus });
  const raw = await run(rawUrl);
  const app = await run(appUrl);
  return { raw, app };
}

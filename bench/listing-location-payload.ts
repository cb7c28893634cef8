// The coordinates' budget: the active-listings payload
// at BENCH_LISTINGS listings (default 10,000, with the facts an export carries) before any has a
// point, after the embedded geocoder placed them at their ZIPs, and with every listing at a
// street geocoder's point (more decimals, the worst case). Prints sizes raw and gzipped.
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { toPublicUser } from "../shared/schema.js";
import { listings } from "../server/db/tables.js";
import { locateUnplaced } from "../server/features/geocoding/service.js";
import { listListingsJson } from "../server/features/listings/data.js";
import { insertUser } from "../server/features/users/data.js";
import type { BenchSection } from "./lib/section.js";
import { seedListings } from "./lib/seed-listings.js";
import { openThrowawayDatabase } from "./lib/throwaway-db.js";

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 10_000);
/** The growth the three fields may add, raw. */
const BUDGET = 0.05;

const kb = (bytes: number) => `${(bytes / 1024).toLocaleString("en-US", { maximumFractionDigits: 0 })} KB`;

async function run(): Promise<void> {
  const { database, dispose } = await openThrowawayDatabase();
  const { db } = database;
  try {
    const user = toPublicUser(await insertUser(db, { username: "bench", password: "x", email: null, isAdmin: false }));
    await seedListings(db, LISTINGS, user.id, { facts: "typical" });
    const before = await listListingsJson(db, "active");
    await locateUnplaced(db);
    const atZips = await listListingsJson(db, "active");
    await db.update(listings).set({
      latitude: sql`${listings.latitude} + random() / 100`,
      longitude: sql`${listings.longitude} - random() / 100`,
      locationPrecision: "rooftop",
    });
    const atStreets = await listListingsJson(db, "active");
    const rows: [string, string][] = [
      ["before: no listing placed", before],
      ["after: placed at ZIP centroids", atZips],
      ["after: every listing at a street point", atStreets],
    ];
    const width = Math.max(...rows.map((r) => r[0].length));
    console.log(`  GET /api/listings/active, ${LISTINGS.toLocaleString("en-US")} listings\n`);
    console.log(`  ${"".padEnd(width)}  ${"raw".padStart(9)}  ${"gzip".padStart(9)}  growth (budget ${BUDGET * 100}% raw)`);
    const base = Buffer.byteLength(before);
    for (const [label, body] of rows) {
      const raw = Buffer.byteLength(body);
      const grew = (raw - base) / base;
      console.log(
        `  ${label.padEnd(width)}  ${kb(raw).padStart(9)}  ${kb(gzipSync(body).length).padStart(9)}  ${`+${(grew * 100).toFixed(1)}%`} ${grew <= BUDGET ? "within" : "OVER"}`,
      );
    }
  } finally {
    await dispose();
  }
}

export const listingLocationPayload: BenchSection = { title: "Listing coordinates: active-list payload before / after", run };

// The listing facts' budget (docs/decisions/archive/137-listing-facts-bench.md): the active-listings payload at BENCH_LISTINGS listings (default 10,000)
// before and after the listing facts. "Before" is the same seeded listings without facts, sent
// as the previous release built the list (json_agg of the listing's columns, no fact keys) and as
// this one does (null facts left out: the same members); "after" is the same listings with the
// facts a busy team fills in (bench/lib/seed-listings.ts). Prints sizes raw and gzipped, and the
// list query's time.
import { gzipSync } from "node:zlib";
import { eq, getTableColumns, sql, type Column } from "drizzle-orm";
import { LISTING_FACT_FIELDS } from "../shared/listing-facts.js";
import { toPublicUser } from "../shared/schema.js";
import { agents, listings } from "../server/db/tables.js";
import type { Db } from "../server/db/database.js";
import { listListingsJson } from "../server/features/listings/data.js";
import { insertUser } from "../server/features/users/data.js";
import type { BenchSection } from "./lib/section.js";
import { seedListings, type FactFill } from "./lib/seed-listings.js";
import { openThrowawayDatabase } from "./lib/throwaway-db.js";

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 10_000);
/** The growth the listing facts may add. */
const BUDGET = 0.15;

/** The active list exactly as the release before the facts built it (server/features/listings/data.ts then). */
async function previousListJson(db: Db): Promise<string> {
  const { aiGeneratedPosts: _posts, ...columns } = getTableColumns(listings);
  const facts = new Set<string>(LISTING_FACT_FIELDS);
  const asJson = (column: Column) =>
    column.dataType === "date" ? sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : sql`${column}`;
  const fields = Object.entries(columns)
    .filter(([key]) => !facts.has(key))
    .map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${asJson(column)}`);
  const [row] = await db
    .select({
      json: sql<string>`coalesce(json_agg(json_build_object(${sql.join(fields, sql`, `)},
        'agentName', ${agents.name},
        'noteCount', (select count(*) from listing_notes n where n.listing_id = ${listings.id})::int)
        order by ${listings.isStarred} desc, ${listings.createdAt} desc, ${listings.id} desc), '[]')::text`,
    })
    .from(listings)
    .leftJoin(agents, eq(agents.id, listings.agentId))
    .where(eq(listings.isActive, true));
  return row.json;
}

async function seeded(facts?: FactFill) {
  const { database, dispose } = await openThrowawayDatabase();
  const user = toPublicUser(await insertUser(database.db, { username: "bench", password: "x", email: null, isAdmin: false }));
  await seedListings(database.db, LISTINGS, user.id, { facts });
  return { db: database.db, dispose };
}

async function queryMs(read: () => Promise<string>, times = 5): Promise<number> {
  await read();
  const started = performance.now();
  for (let i = 0; i < times; i++) await read();
  return (performance.now() - started) / times;
}

const kb = (bytes: number) => `${(bytes / 1024).toLocaleString("en-US", { maximumFractionDigits: 0 })} KB`;
const growth = (after: number, before: number) => `${after >= before ? "+" : ""}${(((after - before) / before) * 100).toFixed(1)}%`;

async function run(): Promise<void> {
  const without = await seeded();
  const typical = await seeded("typical");
  const full = await seeded("full");
  try {
    const previous = await previousListJson(without.db);
    const before = await listListingsJson(without.db, "active");
    const afterTypical = await listListingsJson(typical.db, "active");
    const afterFull = await listListingsJson(full.db, "active");
    const active = (JSON.parse(afterFull) as unknown[]).length;
    const rows: [string, string, number][] = [
      ["before: previous release, no facts", previous, await queryMs(() => previousListJson(without.db))],
      ["before: this release, no facts", before, await queryMs(() => listListingsJson(without.db, "active"))],
      ["after: export's facts (7 of 17, ~6 set)", afterTypical, await queryMs(() => listListingsJson(typical.db, "active"))],
      ["after: most facts (~11 of 17 set)", afterFull, await queryMs(() => listListingsJson(full.db, "active"))],
    ];
    console.log(`  GET /api/listings/active with ${active.toLocaleString("en-US")} active of ${LISTINGS.toLocaleString("en-US")} listings\n`);
    const width = Math.max(...rows.map((r) => r[0].length));
    console.log(`  ${"".padEnd(width)}  ${"raw".padStart(9)}  ${"gzip".padStart(9)}  ${"query".padStart(9)}`);
    for (const [label, body, ms] of rows) {
      console.log(`  ${label.padEnd(width)}  ${kb(Buffer.byteLength(body)).padStart(9)}  ${kb(gzipSync(body).length).padStart(9)}  ${`${ms.toFixed(1)} ms`.padStart(9)}`);
    }
    console.log(`\n  growth over the previous release (budget ${BUDGET * 100}%, raw):`);
    for (const [label, after] of [["export's facts", afterTypical], ["most facts", afterFull]] as const) {
      const raw = (Buffer.byteLength(after) - Buffer.byteLength(previous)) / Buffer.byteLength(previous);
      console.log(
        `    ${label.padEnd(14)} raw ${growth(Buffer.byteLength(after), Buffer.byteLength(previous))}` +
          ` (${raw <= BUDGET ? "within" : "OVER"} budget), gzip ${growth(gzipSync(after).length, gzipSync(previous).length)}`,
      );
    }
  } finally {
    await without.dispose();
    await typical.dispose();
    await full.dispose();
  }
}

export const listingFactsPayload: BenchSection = { title: "Listing facts: active-list payload before / after", run };

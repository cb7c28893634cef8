// CSV import of many rows next to PostgreSQL's COPY loading the same rows into the same database:
// the floor for getting rows into that table. On PGlite, and on PostgreSQL when
// BENCH_DATABASE_URL is set (a throwaway database is created there and dropped afterwards).
import { randomBytes, randomUUID } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { CSV_TEMPLATE_COLUMNS, toCsvLine } from "../shared/csv-columns.js";
import { MARKETING_CATEGORIES, OFFERING_TYPES, STATE_CODES } from "../shared/schema.js";
import { openPostgres, type Database } from "../server/db/database.js";
import { importListings } from "../server/features/csv/service.js";
import { copyFrom } from "../server/db/copy-rows.js";
import type { BenchSection } from "./lib/section.js";
import { openThrowawayDatabase } from "./lib/throwaway-db.js";

const ROWS = Number(process.env.BENCH_CSV_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_CSV_RUNS ?? 2);
const pick = <T>(list: readonly T[], i: number) => list[i % list.length];

export interface Target {
  label: string;
  database: Database;
  /** COPY the text (CSV, no header) into the listings table's COPY_COLUMNS. */
  copy(text: string): Promise<void>;
  dispose(): Promise<void>;
}

const COPY_COLUMNS =
  "id, listing_name, address, city, state, offering_type, property_description, marketing_category, notes, " +
  "marketing_category_reference, marketing_flyer_link, looplink_link, is_active";

/** The same listings twice: as an import file (template columns) and as COPY input (table columns). */
export function generate(count: number, notes: string) {
  let importCsv = toCsvLine(CSV_TEMPLATE_COLUMNS);
  let copyCsv = "";
  for (let i = 0; i < count; i++) {
    const cells = [
      `Listing ${i + 1}`,
      `${100 + i} Main Street, Suite ${i % 40}`,
      pick(["Morgantown", "Pittsburgh", "Hagerstown", "Wheeling", "Columbus"], i),
      pick(STATE_CODES, i),
      pick(OFFERING_TYPES, i),
      `A ${pick(["restaurant", "retail", "office", "warehouse"], i)} property with parking, signage and "steady" traffic.\nCall for a tour. `.repeat(2),
      pick(MARKETING_CATEGORIES, i),
      i % 3 === 0 ? notes : "",
      i % 7 === 0 ? `Comp ${i}` : "",
      `https://flyers.example.com/${i + 1}.pdf`,
      i % 2 === 0 ? `https://www.loopnet.com/Listing/${i + 1}` : "",
      i % 10 < 7 ? "true" : "false",
    ];
    importCsv += toCsvLine(cells);
    copyCsv += toCsvLine([randomUUID(), ...cells]);
  }
  return { importCsv, copyCsv };
}

export async function pgliteTarget(): Promise<Target> {
  const { database, dispose } = await openThrowawayDatabase();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return {
    label: "PGlite",
    database,
    copy: async (text) => {
      await client.query(`copy listings (${COPY_COLUMNS}) from '/dev/blob' with (format csv)`, [], { blob: new Blob([text]) });
    },
    dispose,
  };
}

export async function postgresTarget(url: string): Promise<Target> {
  const name = `bench_csv_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openPostgres(dbUrl.toString());
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  return {
    label: "PostgreSQL",
    database,
    copy: async (text) => {
      const client = await pool.connect();
      try {
        await copyFrom(client, `copy listings (${COPY_COLUMNS}) from stdin with (format csv)`, text);
      } finally {
        client.release();
      }
    },
    dispose: async () => {
      await database.close();
      // pool.end() resolves before its sockets close; dropping under them would kill live clients.
      for (let i = 0; i < 50; i++) {
        const { rows } = await admin.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

type Files = { fresh: ReturnType<typeof generate>; changed: ReturnType<typeof generate> };

/** One round: COPY into an empty table; import into an empty table; import again with a third
 * of the rows changed. */
async function round(target: Target, files: Files) {
  const { db } = target.database;
  const empty = async () => {
    await db.execute(sql`truncate listings cascade`);
    await db.execute(sql`vacuum analyze listings`);
  };
  const copyMs = await timed(() => target.copy(files.fresh.copyCsv));
  await empty();
  let created = 0;
  const createMs = await timed(async () => {
    created = (await importListings(db, { csvData: files.fresh.importCsv, agentId: null }, null)).successful.length;
  });
  let updated = 0;
  const updateMs = await timed(async () => {
    const result = await importListings(db, { csvData: files.changed.importCsv, agentId: null }, null);
    updated = result.successful.filter((s) => s.action === "updated").length;
  });
  if (created !== ROWS || updated !== ROWS) throw new Error(`import wrote ${created} new and ${updated} updated rows, not ${ROWS}`);
  await empty();
  return { copyMs, createMs, updateMs };
}

async function run(): Promise<void> {
  const fresh = generate(ROWS, "Owner prefers weekday showings.");
  const changed = generate(ROWS, "Price reduced: call the owner.");
  console.log(
    `  ${ROWS.toLocaleString("en-US")} rows, ${(fresh.importCsv.length / 1_048_576).toFixed(1)} MB of CSV. import = read, check ` +
      "every row, match existing listings, write, in one transaction (no HTTP).\n" +
      `  Best of ${RUNS} rounds, taken in turns, so that other load on the machine weighs on both alike.\n`,
  );
  const url = process.env.BENCH_DATABASE_URL;
  const targets = [pgliteTarget, ...(url ? [() => postgresTarget(url)] : [])];
  if (!url) console.log("  (set BENCH_DATABASE_URL to measure PostgreSQL too)");

  const header = ["COPY", "import, all new", "÷ COPY", "re-import, ⅓ changed", "÷ COPY"];
  const widths = [8, 16, 7, 21, 7];
  console.log(`  ${"".padEnd(10)}  ${header.map((h, i) => h.padStart(widths[i])).join("  ")}`);
  for (const open of targets) {
    const target = await open();
    try {
      const rounds: Awaited<ReturnType<typeof round>>[] = [];
      for (let i = 0; i < RUNS; i++) rounds.push(await round(target, { fresh, changed }));
      const best = (key: "copyMs" | "createMs" | "updateMs") => Math.min(...rounds.map((r) => r[key]));
      const [copyMs, createMs, updateMs] = [best("copyMs"), best("createMs"), best("updateMs")];
      const cells = [seconds(copyMs), seconds(createMs), `${(createMs / copyMs).toFixed(2)}×`, seconds(updateMs), `${(updateMs / copyMs).toFixed(2)}×`];
      console.log(`  ${target.label.padEnd(10)}  ${cells.map((c, i) => c.padStart(widths[i])).join("  ")}`);
    } finally {
      await target.dispose();
    }
  }
}

export const csvImport: BenchSection = { title: "CSV import vs COPY", run };

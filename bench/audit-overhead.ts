// What the activity log costs: single-listing edits per second and a 100,000-row CSV
// import, each with the log on and with it off. "Off" is the same code on a database where a
// trigger discards the listing entries before they are stored (it keeps an import's one action
// entry, which the per-listing entries point at), so the difference is what storing the entries
// costs. The edit's transaction and row lock, which the log needs, count as "on" and "off" alike,
// and the trigger's own call per row makes "off" a little slower than no log at all.
import { sql } from "drizzle-orm";
import type { Db } from "../server/db/database.js";
import { importListings } from "../server/features/csv/service.js";
import { editListing } from "../server/features/listings/service.js";
import { generate } from "./csv-import.js";
import type { BenchSection } from "./lib/section.js";
import { openThrowawayDatabase } from "./lib/throwaway-db.js";

const EDITS = Number(process.env.BENCH_AUDIT_EDITS ?? 2_000);
const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 100_000);

async function setLog(db: Db, on: boolean) {
  await db.execute(sql`drop trigger if exists bench_log_off on audit_events`);
  if (on) return;
  await db.execute(sql`
    create or replace function bench_discard_entry() returns trigger language plpgsql as $$
    begin
      if new.listing_id is null then return new; end if;
      return null;
    end $$`);
  await db.execute(sql`create trigger bench_log_off before insert on audit_events for each row execute function bench_discard_entry()`);
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function editsPerSecond(db: Db, ids: string[]): Promise<number> {
  let price = 1_000_000;
  const ms = await timed(async () => {
    for (let i = 0; i < EDITS; i++) await editListing(db, ids[i % ids.length], { askingPrice: price++ }, null);
  });
  return EDITS / (ms / 1000);
}

async function importMs(db: Db, csvData: string): Promise<number> {
  return timed(() => importListings(db, { csvData, agentId: null }, null));
}

async function run(): Promise<void> {
  console.log(`  ${EDITS.toLocaleString("en-US")} single-listing edits (PUT's service path, no HTTP) and an import of ${ROWS.toLocaleString("en-US")} new rows, then the same file with a third changed; PGlite.`);
  console.log("  Knobs: BENCH_AUDIT_EDITS, BENCH_AUDIT_ROWS. Goals: edits at most 20% slower, imports at most 15%.\n");
  const fresh = generate(ROWS, "Owner prefers weekday showings.");
  const changed = generate(ROWS, "Price reduced: call the owner.");
  const { database, dispose } = await openThrowawayDatabase();
  const { db } = database;
  try {
    // Listings to edit, named apart from the import file's so that the import creates all its rows.
    await importListings(db, { csvData: generate(200, "").importCsv, agentId: null }, null);
    await db.execute(sql`update listings set listing_name = 'Edited ' || listing_name`);
    const ids = (await db.execute(sql`select id from listings`)) as unknown as { rows: { id: string }[] };
    const editIds = ids.rows.map((r) => r.id);
    const results: Record<"on" | "off", { edits: number; create: number; update: number }> = {} as never;
    // Off first, then on, then off again and on again: the best of two, taken in turns.
    for (const mode of ["off", "on", "off", "on"] as const) {
      await setLog(db, mode === "on");
      const edits = await editsPerSecond(db, editIds);
      const create = await importMs(db, fresh.importCsv);
      const update = await importMs(db, changed.importCsv);
      const prev = results[mode];
      results[mode] = prev
        ? { edits: Math.max(prev.edits, edits), create: Math.min(prev.create, create), update: Math.min(prev.update, update) }
        : { edits, create, update };
      await db.execute(sql`delete from listings where id <> all(${sql.param(editIds)}::text[])`);
    }
    await setLog(db, true);
    const { on, off } = results;
    const pct = (slow: number, fast: number) => `${(((slow - fast) / fast) * 100).toFixed(1)}%`;
    console.log(`  ${"".padEnd(22)}${"log off".padStart(12)}${"log on".padStart(12)}${"slower by".padStart(12)}`);
    console.log(`  ${"edits per second".padEnd(22)}${off.edits.toFixed(0).padStart(12)}${on.edits.toFixed(0).padStart(12)}${pct(off.edits, on.edits).padStart(12)}`);
    console.log(`  ${"import, all new".padEnd(22)}${`${(off.create / 1000).toFixed(2)} s`.padStart(12)}${`${(on.create / 1000).toFixed(2)} s`.padStart(12)}${pct(on.create, off.create).padStart(12)}`);
    console.log(`  ${"re-import, ⅓ changed".padEnd(22)}${`${(off.update / 1000).toFixed(2)} s`.padStart(12)}${`${(on.update / 1000).toFixed(2)} s`.padStart(12)}${pct(on.update, off.update).padStart(12)}`);
  } finally {
    await dispose();
  }
}

export const auditOverhead: BenchSection = { title: "Activity log: edits and import, log on vs off", run };

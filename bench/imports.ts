// The import wizard (docs/decisions/archive/210-import-wizard-speed.md) on 100,000 rows: preview (read in a worker, check, match, stage)
// plus commit, and undo, next to PostgreSQL's COPY of the same rows into the same database.
// Goals: preview + commit at most 4× COPY, undo at most 3×. On PGlite, and on PostgreSQL when
// BENCH_DATABASE_URL is set. While the commit runs, GET /api/health is asked every 50 ms: the
// slowest answer is how long the commit kept other requests waiting (docs/decisions/227).
import express from "express";
import { sql } from "drizzle-orm";
import { toPublicUser, type PublicUser } from "../shared/schema.js";
import type { Db } from "../server/db/database.js";
import { commitImport, previewImport, undoImport } from "../server/features/imports/service.js";
import { healthRoutes } from "../server/features/health/routes.js";
import { insertUser } from "../server/features/users/data.js";
import { generate, pgliteTarget, postgresTarget, type Target } from "./csv-import.js";
import type { BenchSection } from "./lib/section.js";
import { listen } from "./lib/servers.js";

const ROWS = Number(process.env.BENCH_IMPORTS_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_IMPORTS_RUNS ?? 1);
const GOALS = { commit: 4, undo: 3 };
const SAMPLE_EVERY_MS = 50;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

/**
 * Asks the health endpoint one request at a time, a new one every SAMPLE_EVERY_MS (or as soon as
 * a slow one answers), until stopped; resolves to the slowest answer in milliseconds.
 */
function sampleHealth(url: string): { stop(): Promise<number> } {
  let running = true;
  let worst = 0;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${url}/api/health`);
      await res.arrayBuffer();
      const took = performance.now() - started;
      worst = Math.max(worst, took);
      if (took < SAMPLE_EVERY_MS) await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS - took));
    }
    return worst;
  })();
  return {
    stop: () => {
      running = false;
      return done;
    },
  };
}

async function benchUser(db: Db): Promise<PublicUser> {
  const user = await insertUser(db, { username: `bench_${Date.now()}`, password: "x", email: null, isAdmin: true });
  return toPublicUser(user);
}

async function round(target: Target, files: ReturnType<typeof generate>, user: PublicUser, healthUrl: string) {
  const { db } = target.database;
  const empty = async () => {
    await db.execute(sql`truncate listings cascade`);
    await db.execute(sql`vacuum analyze listings`);
  };
  const [, copyMs] = await timed(() => target.copy(files.copyCsv));
  await empty();
  const [preview, previewMs] = await timed(() => previewImport(db, { fileName: "bench.csv", content: files.importCsv, encoding: "text" }, user.id));
  const health = sampleHealth(healthUrl);
  const [commit, commitMs] = await timed(() => commitImport(db, preview.id, user));
  const healthMs = await health.stop();
  if (commit.successful.length !== ROWS) throw new Error(`the import wrote ${commit.successful.length} rows, not ${ROWS}`);
  const [undo, undoMs] = await timed(() => undoImport(db, preview.id, user));
  if (undo.deleted !== ROWS) throw new Error(`undo deleted ${undo.deleted} rows, not ${ROWS}`);
  await empty();
  return { copyMs, previewMs, commitMs, undoMs, healthMs };
}

async function run(): Promise<void> {
  const files = generate(ROWS, "Owner prefers weekday showings.");
  console.log(
    `  ${ROWS.toLocaleString("en-US")} rows, ${(files.importCsv.length / 1_048_576).toFixed(1)} MB of CSV. preview = read in a worker, suggest ` +
      "the mapping, check and match every row, stage them; commit = write them; undo = delete them (no HTTP).\n" +
      `  health = the slowest GET /api/health asked every ${SAMPLE_EVERY_MS} ms during the commit.\n` +
      `  Best of ${RUNS} round(s). Goals: preview + commit ≤ ${GOALS.commit}× COPY, undo ≤ ${GOALS.undo}× COPY.\n`,
  );
  const url = process.env.BENCH_DATABASE_URL;
  const targets = [pgliteTarget, ...(url ? [() => postgresTarget(url)] : [])];
  if (!url) console.log("  (set BENCH_DATABASE_URL to measure PostgreSQL too)");
  const header = ["COPY", "preview", "commit", "(p+c) ÷ COPY", "undo", "÷ COPY", "health"];
  const widths = [8, 9, 9, 13, 8, 7, 8];
  console.log(`  ${"".padEnd(10)}  ${header.map((h, i) => h.padStart(widths[i])).join("  ")}`);
  for (const open of targets) {
    const target = await open();
    const server = await listen(express().use(healthRoutes(target.database.db)));
    try {
      const user = await benchUser(target.database.db);
      const rounds: Awaited<ReturnType<typeof round>>[] = [];
      for (let i = 0; i < RUNS; i++) rounds.push(await round(target, files, user, server.url));
      const best = (key: keyof (typeof rounds)[number]) => Math.min(...rounds.map((r) => r[key]));
      const [copyMs, previewMs, commitMs, undoMs, healthMs] = [best("copyMs"), best("previewMs"), best("commitMs"), best("undoMs"), best("healthMs")];
      const ratio = (previewMs + commitMs) / copyMs;
      const cells = [
        seconds(copyMs),
        seconds(previewMs),
        seconds(commitMs),
        `${ratio.toFixed(2)}×${ratio <= GOALS.commit ? "" : " !"}`,
        seconds(undoMs),
        `${(undoMs / copyMs).toFixed(2)}×${undoMs / copyMs <= GOALS.undo ? "" : " !"}`,
        `${Math.round(healthMs)} ms`,
      ];
      console.log(`  ${target.label.padEnd(10)}  ${cells.map((c, i) => c.padStart(widths[i])).join("  ")}`);
    } finally {
      await server.close();
      await target.dispose();
    }
  }
}

export const importsWizard: BenchSection = { title: "Import wizard vs COPY", run };

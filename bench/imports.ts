// The import wizard (docs/decisions/210-import-wizard-speed.md) on 100,000 rows: preview (read in a worker, check, match, stage)
// plus commit, and undo, next to PostgreSQL's COPY of the same rows into the same database.
// Goals: preview + commit at most 4× COPY, undo at most 3×. On PGlite, and on PostgreSQL when
// BENCH_DATABASE_URL is set.
import { sql } from "drizzle-orm";
import { toPublicUser, type PublicUser } from "../shared/schema.js";
import type { Db } from "../server/db/database.js";
import { commitImport, previewImport, undoImport } from "../server/features/imports/service.js";
import { insertUser } from "../server/features/users/data.js";
import { generate, pgliteTarget, postgresTarget, type Target } from "./csv-import.js";
import type { BenchSection } from "./lib/section.js";

const ROWS = Number(process.env.BENCH_IMPORTS_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_IMPORTS_RUNS ?? 1);
const GOALS = { commit: 4, undo: 3 };

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

async function benchUser(db: Db): Promise<PublicUser> {
  const user = await insertUser(db, { username: `bench_${Date.now()}`, password: "x", email: null, isAdmin: true });
  return toPublicUser(user);
}

async function round(target: Target, files: ReturnType<typeof generate>, user: PublicUser) {
  const { db } = target.database;
  const empty = async () => {
    await db.execute(sql`truncate listings cascade`);
    await db.execute(sql`vacuum analyze listings`);
  };
  const [, copyMs] = await timed(() => target.copy(files.copyCsv));
  await empty();
  const [preview, previewMs] = await timed(() => previewImport(db, { fileName: "bench.csv", content: files.importCsv, encoding: "text" }, user.id));
  const [commit, commitMs] = await timed(() => commitImport(db, preview.id, user));
  if (commit.successful.length !== ROWS) throw new Error(`the import wrote ${commit.successful.length} rows, not ${ROWS}`);
  const [undo, undoMs] = await timed(() => undoImport(db, preview.id, user));
  if (undo.deleted !== ROWS) throw new Error(`undo deleted ${undo.deleted} rows, not ${ROWS}`);
  await empty();
  return { copyMs, previewMs, commitMs, undoMs };
}

async function run(): Promise<void> {
  const files = generate(ROWS, "Owner prefers weekday showings.");
  console.log(
    `  ${ROWS.toLocaleString("en-US")} rows, ${(files.importCsv.length / 1_048_576).toFixed(1)} MB of CSV. preview = read in a worker, suggest ` +
      "the mapping, check and match every row, stage them; commit = write them in one transaction; undo = delete them (no HTTP).\n" +
      `  Best of ${RUNS} round(s). Goals: preview + commit ≤ ${GOALS.commit}× COPY, undo ≤ ${GOALS.undo}× COPY.\n`,
  );
  const url = process.env.BENCH_DATABASE_URL;
  const targets = [pgliteTarget, ...(url ? [() => postgresTarget(url)] : [])];
  if (!url) console.log("  (set BENCH_DATABASE_URL to measure PostgreSQL too)");
  const header = ["COPY", "preview", "commit", "(p+c) ÷ COPY", "undo", "÷ COPY"];
  const widths = [8, 9, 9, 13, 8, 7];
  console.log(`  ${"".padEnd(10)}  ${header.map((h, i) => h.padStart(widths[i])).join("  ")}`);
  for (const open of targets) {
    const target = await open();
    try {
      const user = await benchUser(target.database.db);
      const rounds: Awaited<ReturnType<typeof round>>[] = [];
      for (let i = 0; i < RUNS; i++) rounds.push(await round(target, files, user));
      const best = (key: keyof (typeof rounds)[number]) => Math.min(...rounds.map((r) => r[key]));
      const [copyMs, previewMs, commitMs, undoMs] = [best("copyMs"), best("previewMs"), best("commitMs"), best("undoMs")];
      const ratio = (previewMs + commitMs) / copyMs;
      const cells = [
        seconds(copyMs),
        seconds(previewMs),
        seconds(commitMs),
        `${ratio.toFixed(2)}×${ratio <= GOALS.commit ? "" : " !"}`,
        seconds(undoMs),
        `${(undoMs / copyMs).toFixed(2)}×${undoMs / copyMs <= GOALS.undo ? "" : " !"}`,
      ];
      console.log(`  ${target.label.padEnd(10)}  ${cells.map((c, i) => c.padStart(widths[i])).join("  ")}`);
    } finally {
      await target.dispose();
    }
  }
}

export const importsWizard: BenchSection = { title: "Import wizard vs COPY", run };

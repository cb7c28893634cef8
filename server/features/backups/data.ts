// The backups feature's database work: the consistent snapshot of the database itself (a copy of PGlite's
// data folder, or pg_dump on one exported snapshot), row counts and migration level read from that
// same snapshot, and the backup_runs rows behind the status in Settings.
import { spawn } from "node:child_process";
import fs from "node:fs";
import type { Readable } from "node:stream";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { asc, desc, eq, gte } from "drizzle-orm";
import pg from "pg";
import { copyFrom } from "../../db/copy-rows.js";
import { isPostgres, type Db } from "../../db/database.js";
import { backupRuns, uploadedObjects } from "../../db/tables.js";
import { migrationLevelOf, type MigrationLevel } from "./manifest.js";
import { copyDataDir } from "./pglite-data-dir.js";

export type BackupRun = typeof backupRuns.$inferSelect;

export interface DatabaseSnapshot {
  driver: "pglite" | "postgres";
  part: "database.pgdata.tar" | "database.pgdump";
  rows: Record<string, number>;
  migrations: MigrationLevel;
  /** The dump's bytes. */
  size: number;
  open(): Readable;
}

/** What both drivers answer: rows of plain objects. */
type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

const TABLES = `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`;
const MIGRATIONS = `select count(*)::int as level, coalesce(max(created_at), 0)::text as latest from drizzle.__drizzle_migrations`;

/** Rows per table and the migration level, as the query's snapshot sees them. */
async function describeDatabase(query: Query): Promise<Pick<DatabaseSnapshot, "rows" | "migrations">> {
  const rows: Record<string, number> = {};
  for (const { name } of (await query(TABLES)).rows as { name: string }[]) {
    const [{ n }] = (await query(`select count(*)::int as n from "${name.replaceAll('"', '""')}"`)).rows as { n: number }[];
    rows[name] = n;
  }
  const [m] = (await query(MIGRATIONS)).rows as { level: number; latest: string }[];
  return { rows, migrations: migrationLevelOf(m.level, Number(m.latest)) };
}

/** Row counts and migration level of a database no one else is writing to (a restore's check). */
export async function describeRestored(db: Db): Promise<Pick<DatabaseSnapshot, "rows" | "migrations">> {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  return describeDatabase((text) => (client as { query(text: string): Promise<{ rows: Record<string, unknown>[] }> }).query(text));
}

/**
 * PGlite: inside one transaction (no other statement of this process runs meanwhile), the counts,
 * then a memory copy of the data folder; the tar is made from that copy after the transaction, so
 * statements wait only for the copy. The copy holds only committed work and is what a crash at
 * that instant would leave, which PostgreSQL recovers from exactly.
 */
async function snapshotPglite(client: PGlite): Promise<DatabaseSnapshot> {
  return client.transaction(async (tx: Transaction) => {
    const described = await describeDatabase((text) => tx.query(text));
    const copy = copyDataDir(client);
    return { driver: "pglite", part: "database.pgdata.tar", ...described, size: copy.size, open: copy.open };
  });
}

/** What to do when a PostgreSQL client tool is missing. */
export const missingTool = (tool: string) =>
  `${tool} is not installed, so PostgreSQL cannot be backed up or restored from here. Install PostgreSQL's client tools ` +
  "(the same major version as the server or newer; on Debian or Ubuntu: apt install postgresql-client) and run the command again, " +
  "or back up the database with your provider's snapshots, or with pg_dump on another machine.";

/**
 * Starts a PostgreSQL client tool; with a database URL, its password goes in the environment, not
 * on the command line where any user of the machine could read it.
 */
function pgTool(tool: "pg_dump" | "pg_restore" | "psql", args: string[], databaseUrl?: string) {
  const env = { ...process.env };
  if (databaseUrl) {
    const url = new URL(databaseUrl);
    if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = "";
    args = [...args, `--dbname=${url}`];
  }
  const child = spawn(tool, args, { env, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const done = new Promise<void>((resolve, reject) => {
    child.on("error", (err) => reject((err as NodeJS.ErrnoException).code === "ENOENT" ? new Error(missingTool(tool)) : err));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${tool} failed: ${stderr.trim() || `exit code ${code}`}`))));
  });
  return { child, done };
}

/**
 * PostgreSQL: a read-only repeatable-read transaction exports its snapshot, pg_dump dumps exactly
 * that snapshot, and the counts are read in it too. Nobody waits: MVCC lets writes go on.
 */
async function snapshotPostgres(pool: pg.Pool, databaseUrl: string, file: string): Promise<DatabaseSnapshot> {
  const client = await pool.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const [{ id }] = (await client.query<{ id: string }>("select pg_export_snapshot() as id")).rows;
    const described = await describeDatabase((text) => client.query(text));
    const dump = pgTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--snapshot=${id}`, `--file=${file}`], databaseUrl);
    dump.child.stdin.end();
    dump.child.stdout.resume();
    await dump.done;
    return { driver: "postgres", part: "database.pgdump", ...described, size: fs.statSync(file).size, open: () => fs.createReadStream(file) };
  } finally {
    await client.query("rollback").catch(() => {});
    client.release();
  }
}

/** A consistent snapshot; PostgreSQL's is dumped to `file` (the caller removes it), PGlite's is kept in memory. */
export function snapshotDatabase(db: Db, opts: { databaseUrl?: string; file: string }): Promise<DatabaseSnapshot> {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (isPostgres(db)) {
    if (!opts.databaseUrl) throw new Error("A PostgreSQL backup needs DATABASE_URL");
    return snapshotPostgres(client as pg.Pool, opts.databaseUrl, opts.file);
  }
  return snapshotPglite(client as PGlite);
}

export async function insertRun(db: Db, values: { trigger: string; startedAt: Date }): Promise<number> {
  const [row] = await db.insert(backupRuns).values(values).returning({ id: backupRuns.id });
  return row.id;
}

export async function finishRun(
  db: Db,
  id: number,
  values: { finishedAt?: Date; ok?: boolean; file?: string | null; bytes?: number | null; error?: string | null; copiedTo?: string | null },
): Promise<void> {
  await db.update(backupRuns).set(values).where(eq(backupRuns.id, id));
}

/** The keys of every stored original image (their objects are images/<key>), for a backup of a bucket. */
export async function storedImageKeys(db: Db): Promise<string[]> {
  const rows = await db.select({ key: uploadedObjects.key }).from(uploadedObjects).where(eq(uploadedObjects.status, "stored"));
  return rows.map((r) => r.key);
}

export async function latestRun(db: Db, opts: { finished?: boolean } = {}): Promise<BackupRun | null> {
  const rows = await db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt), desc(backupRuns.id)).limit(5);
  return rows.find((r) => !opts.finished || r.finishedAt !== null) ?? null;
}

/** The scheduled backups begun at or after `since` (the tries for one scheduled time), oldest first. */
export async function scheduledRunsSince(db: Db, since: Date): Promise<BackupRun[]> {
  const rows = await db.select().from(backupRuns).where(gte(backupRuns.startedAt, since)).orderBy(asc(backupRuns.startedAt), asc(backupRuns.id));
  return rows.filter((r) => r.trigger === "scheduled");
}

// ---------------------------------------------------------------- restoring into PostgreSQL

/** Whether a PostgreSQL database already holds anything of ours (or anything at all in public). */
export async function postgresHoldsData(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
    );
    return rows[0].n > 0;
  } finally {
    await client.end();
  }
}

/** Empties the app's schemas, so what follows starts from nothing (`--force`). */
const CLEAR_SCHEMAS = "drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;";

/** Empties the app's schemas in one statement batch (`--force` before a copy from the embedded database). */
export async function clearPostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`begin; ${CLEAR_SCHEMAS} commit;`);
  } finally {
    await client.end();
  }
}

/**
 * A pg_dump file into PostgreSQL, all or nothing: pg_restore turns it into SQL that psql runs in
 * one transaction, after emptying the schemas when `clear` is set. A failure leaves the database
 * as it was.
 */
export async function restorePgDump(databaseUrl: string, dumpFile: string, clear: boolean): Promise<void> {
  const psql = pgTool("psql", ["--single-transaction", "--quiet", "--no-psqlrc", "-v", "ON_ERROR_STOP=1"], databaseUrl);
  const restore = pgTool("pg_restore", ["--no-owner", "--no-privileges", "--file=-", dumpFile]);
  restore.child.stdin.end();
  psql.child.stdout.resume();
  if (clear) psql.child.stdin.write(`${CLEAR_SCHEMAS}\n`);
  restore.child.stdout.pipe(psql.child.stdin);
  await Promise.all([restore.done, psql.done]);
}

/** Tables in an order where every table comes after those its foreign keys point to. */
async function tablesInKeyOrder(client: pg.PoolClient): Promise<string[]> {
  const tables = (await client.query<{ name: string }>(TABLES)).rows.map((r) => r.name);
  const edges = (
    await client.query<{ child: string; parent: string }>(
      `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
         from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
    )
  ).rows.map((e) => ({ child: e.child.replaceAll('"', ""), parent: e.parent.replaceAll('"', "") }));
  const ordered: string[] = [];
  const visit = (table: string, trail: Set<string>) => {
    if (ordered.includes(table) || trail.has(table)) return;
    trail.add(table);
    for (const e of edges) if (e.child === table && e.parent !== table) visit(e.parent, trail);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/**
 * From the embedded database to PostgreSQL: every row of every
 * table, in one transaction, with COPY both ways, into a database already migrated to the same
 * level; then each serial column's sequence continues after its largest value.
 */
export async function copyPgliteIntoPostgres(source: PGlite, databaseUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const client = await pool.connect();
  try {
    await client.query("begin");
    const tables = await tablesInKeyOrder(client);
    // A migration may seed rows (the agreement the deal room ships with): the copy brings them
    // from the source as they are there, so the migrated target starts empty.
    if (tables.length > 0) await client.query(`truncate ${tables.map((t) => `"${t}"`).join(", ")}`);
    for (const table of tables) {
      const quoted = `"${table}"`;
      const out = (await source.query(`copy ${quoted} to '/dev/blob'`)) as { blob?: Blob };
      const text = out.blob ? await out.blob.text() : "";
      if (text) await copyFrom(client, `copy ${quoted} from stdin`, text);
    }
    await client.query(`
      do $$ declare r record; begin
        for r in select c.table_name as t, c.column_name as col from information_schema.columns c
                  where c.table_schema = 'public' and pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) is not null loop
          execute format('select setval(pg_get_serial_sequence(%L, %L), coalesce((select max(%I) from %I), 0) + 1, false)', r.t, r.col, r.col, r.t);
        end loop;
      end $$`);
    await client.query("commit");
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
    await pool.end();
  }
}

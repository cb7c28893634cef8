// Opens the database the environment asks for: PostgreSQL when a URL is given, otherwise the
// embedded PGlite in DATA_DIR. Both get the same schema and the same migrations.
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./tables.js";
import { migrationsDir } from "../paths.js";
import { acquireDataDirLock } from "./data-dir-lock.js";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: the same query API as Db. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  close(): Promise<void>;
}

// Any constant works; it only has to be the same in every app server.
const MIGRATION_LOCK_KEY = 7_240_117;

export async function openPostgres(url: string, opts: { migrate?: boolean } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that drops (server restart, failover) is discarded by the pool and a new
  // one is made on demand; without a listener the error event would end the process.
  pool.on("error", () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  if (opts.migrate !== false) {
    // Several app servers may start together: one migrates while the others wait.
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder: migrationsDir });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
      client.release();
    }
  }
  return { db, driver: "postgres", close: () => pool.end() };
}

/** Wraps an open PGlite (a fresh one, a restored snapshot, or one in a data folder). */
export async function fromPglite(client: PGlite, opts: { migrate?: boolean; onClose?: () => void } = {}) {
  const db = drizzlePglite({ client, schema });
  if (opts.migrate !== false) await migratePglite(db, { migrationsFolder: migrationsDir });
  const database: Database = {
    db: db as unknown as Db,
    driver: "pglite",
    close: async () => {
      await client.close();
      opts.onClose?.();
    },
  };
  return database;
}

export async function openPglite(dataDir: string): Promise<Database> {
  const release = acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, "pgdata"));
    return await fromPglite(client, { onClose: release });
  } catch (err) {
    release();
    throw err;
  }
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}

/** Cheap liveness probe used by the health check. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

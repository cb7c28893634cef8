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
import { makeOwnerOnly } from "./owner-only.js";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: the same query API as Db. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What a LISTEN subscriber hears: payloads, and its connection going down or (back) up. */
export interface NotifyHandlers {
  onPayload(payload: string): void;
  onState(up: boolean): void;
}

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  /** LISTENs on a channel until the returned function is called (server/events/change-bus.ts). */
  listen(channel: string, handlers: NotifyHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

// Any constant works; it only has to be the same in every app server.
const MIGRATION_LOCK_KEY = 7_240_117;
const POOL_MAX = 10;
/**
 * The files PGlite keeps open at most (PostgreSQL's own setting, 1,000 by default: each a real
 * descriptor, beside the connections'). Past it PostgreSQL closes its least recently used file
 * and reopens it when needed, which costs a system call; running out of descriptors instead
 * leaves a half-made file that fails every later write to it.
 */
const PGLITE_MAX_FILES = 256;

/**
 * The descriptors a database opened by openDatabase holds at most: PGlite's files, or
 * PostgreSQL's pool and the change bus's listening connection (server/http/descriptor-budget.ts).
 */
export const DATABASE_DESCRIPTORS: Record<Database["driver"], number> = { pglite: PGLITE_MAX_FILES, postgres: POOL_MAX + 1 };

export async function openPostgres(url: string, opts: { migrate?: boolean } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_MAX });
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
  return { db, driver: "postgres", listen: (channel, handlers) => listenPostgres(url, channel, handlers), close: () => pool.end() };
}

const RECONNECT_MIN_MS = 200;
const RECONNECT_MAX_MS = 5_000;

/**
 * One dedicated connection per listener (a pooled one would be handed to queries). When it drops
 * (PostgreSQL restart, failover, network) it is made again with backoff, and the listener hears
 * down/up so it can treat everything as changed: NOTIFYs sent meanwhile are lost.
 */
async function listenPostgres(url: string, channel: string, handlers: NotifyHandlers): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let delay = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      next.end().catch(() => {});
      if (client === next) client = undefined;
      if (stopped) return;
      handlers.onState(false);
      timer = setTimeout(() => void connect().catch(() => {}), delay);
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    };
    next.on("error", onLost);
    next.on("end", onLost);
    next.on("notification", (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) handlers.onPayload(msg.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      onLost();
      throw err;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    delay = RECONNECT_MIN_MS;
    handlers.onState(true);
  };

  // The first connection may fail too: keep trying in the background, as after a drop.
  await connect().catch(() => {});
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}

/** Wraps an open PGlite (a fresh one, a restored snapshot, or one in a data folder). */
export async function fromPglite(client: PGlite, opts: { migrate?: boolean; onClose?: () => void | Promise<void> } = {}) {
  const db = drizzlePglite({ client, schema });
  if (opts.migrate !== false) await migratePglite(db, { migrationsFolder: migrationsDir });
  const database: Database = {
    db: db as unknown as Db,
    driver: "pglite",
    // In-process: PGlite delivers NOTIFYs after commit to listeners on the same instance.
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onPayload);
      handlers.onState(true);
      return unlisten;
    },
    close: async () => {
      await client.close();
      await opts.onClose?.();
    },
  };
  return database;
}

/**
 * Opens the embedded database in dataDir, holding the folder's lock until closed. `migrate: false`
 * leaves it at its own level (a backup taken before an update migrates it); `loadDataDir` fills a
 * fresh folder from a data-folder tarball first (a restore).
 */
export async function openPglite(dataDir: string, opts: { migrate?: boolean; loadDataDir?: Blob } = {}): Promise<Database> {
  const release = acquireDataDirLock(dataDir);
  try {
    const pgdata = path.join(dataDir, "pgdata");
    const client = await PGlite.create(pgdata, {
      startParams: [...PGlite.defaultStartParams, "-c", `max_files_per_process=${PGLITE_MAX_FILES}`],
      loadDataDir: opts.loadDataDir,
    });
    // PGlite sets the modes of the files it creates at start (0666, 0644) whatever the umask:
    // narrowed once it has started, and again once it has closed (server/db/owner-only.ts).
    await makeOwnerOnly(pgdata);
    return await fromPglite(client, {
      onClose: async () => {
        try {
          await makeOwnerOnly(pgdata);
        } finally {
          release();
        }
      },
      migrate: opts.migrate,
    });
  } catch (err) {
    release();
    throw err;
  }
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}

/** A PostgreSQL server's database, which other app servers may share (PGlite serves one process). */
export const isPostgres = (db: Db) => (db as unknown as { $client: unknown }).$client instanceof pg.Pool;

/** Cheap liveness probe used by the health check. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

// The databases a bench section runs on: PGlite always, PostgreSQL too when BENCH_DATABASE_URL
// is set (a throwaway database created there and dropped afterwards). Each comes with its change
// bus listening, as a real server's does.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openPostgres, type Database } from "../../server/db/database.js";
import { startChangeBus, type ChangeBus } from "../../server/events/change-bus.js";
import { openThrowawayDatabase } from "./throwaway-db.js";

export interface BenchDatabase {
  label: string;
  database: Database;
  changes: ChangeBus;
  /** For spawned servers: DATABASE_URL, when this is PostgreSQL. */
  url?: string;
  dispose(): Promise<void>;
}

async function admin(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A throwaway PostgreSQL database next to BENCH_DATABASE_URL's; `drop` removes it. */
export async function throwawayPostgres(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_${randomBytes(5).toString("hex")}`;
  await admin(baseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function withBus(label: string, database: Database, dispose: () => Promise<void>, url?: string): Promise<BenchDatabase> {
  const { bus, stop } = await startChangeBus(database);
  return {
    label,
    database,
    changes: bus,
    url,
    dispose: async () => {
      await stop();
      await dispose();
    },
  };
}

export function benchDatabases(): { label: string; open(): Promise<BenchDatabase> }[] {
  const url = process.env.BENCH_DATABASE_URL;
  return [
    {
      label: "PGlite",
      open: async () => {
        const { database, dispose } = await openThrowawayDatabase();
        return withBus("PGlite", database, dispose);
      },
    },
    ...(url
      ? [
          {
            label: "PostgreSQL",
            open: async () => {
              const target = await throwawayPostgres(url);
              const database = await openPostgres(target.url);
              return withBus("PostgreSQL", database, async () => {
                await database.close();
                await target.drop();
              }, target.url);
            },
          },
        ]
      : []),
  ];
}

export const postgresNote = () => (process.env.BENCH_DATABASE_URL ? "" : "  (set BENCH_DATABASE_URL to measure PostgreSQL too)");

export type OpenBenchDatabase = ReturnType<typeof benchDatabases>[number]["open"];

/** Runs a section on each bench database in turn, under its label (PostgreSQL only when configured). */
export async function onEachBenchDatabase(runOn: (open: OpenBenchDatabase) => Promise<void>): Promise<void> {
  const note = postgresNote();
  if (note) console.log(note);
  for (const target of benchDatabases()) {
    console.log(`\n  -- ${target.label}`);
    await runOn(target.open);
  }
}

// A database migrated up to just before one migration: a migration test writes rows with the
// older schema, then migrates the rest of the way and reads what became of them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsDir } from "../paths.js";

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** A temporary copy of migrations/ holding those before the one whose tag ends in `tagEnd`. */
function migrationsBefore(tagEnd: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, "meta", "_journal.json"), "utf8")) as Journal;
  const at = journal.entries.findIndex((e) => e.tag.endsWith(tagEnd));
  if (at <= 0) throw new Error(`no migration after the first ends in "${tagEnd}"`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-before-"));
  const earlier = journal.entries.slice(0, at);
  fs.mkdirSync(path.join(dir, "meta"));
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: earlier }));
  for (const { tag } of earlier) fs.copyFileSync(path.join(migrationsDir, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  return dir;
}

export interface DatabaseBefore {
  client: PGlite;
  /** Runs the migration and every one after it. */
  migrateRest(): Promise<void>;
  close(): Promise<void>;
}

/** An in-memory PGlite migrated up to (not including) the migration whose tag ends in `tagEnd`. */
export async function databaseBefore(tagEnd: string): Promise<DatabaseBefore> {
  const client = await PGlite.create();
  const oldDir = migrationsBefore(tagEnd);
  await migrate(drizzle({ client }), { migrationsFolder: oldDir });
  return {
    client,
    migrateRest: () => migrate(drizzle({ client }), { migrationsFolder: migrationsDir }),
    close: async () => {
      await client.close();
      fs.rmSync(oldDir, { recursive: true, force: true });
    },
  };
}

// A copy of migrations/ that stops just before one migration: a migration test migrates a
// database up to it, writes rows with the older schema, then migrates the rest of the way.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrationsDir } from "../paths.js";

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** The folder (a temporary copy; remove it after) of the migrations before the one whose tag ends in `tagEnd`. */
export function migrationsBefore(tagEnd: string): string {
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

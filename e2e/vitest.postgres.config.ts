import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
import e2e from "./vitest.config.ts";

// The browser journeys whose behaviour depends on the database, run again on PostgreSQL by CI
// (.ci/run); every journey runs on the embedded database. 
export const DATABASE_JOURNEYS = [
  // Two app servers on one database (siblingServer), the change bus over LISTEN/NOTIFY.
  "e2e/live.e2e.ts",
  // The event stream fed by the change bus, which on PostgreSQL is a connection of its own.
  "e2e/live-tabs.e2e.ts",
  "e2e/live-session-end.e2e.ts",
  // Mentions reaching another person's bell, and the notifications poll's 304 from the database's state.
  "e2e/collaboration.e2e.ts",
  // The wizard's staging with COPY and commit progress, and the import lock both imports take
  // (an advisory lock on PostgreSQL): code that differs by database.
  "e2e/imports.e2e.ts",
  "e2e/csv.e2e.ts",
  // Crossing edits of one listing, on a pool of connections rather than PGlite's one.
  "e2e/edit-conflicts.e2e.ts",
];

if (!process.env.TEST_DATABASE_URL) throw new Error("e2e/vitest.postgres.config.ts runs on PostgreSQL: set TEST_DATABASE_URL.");
for (const file of DATABASE_JOURNEYS) {
  if (!fs.existsSync(path.resolve(import.meta.dirname, "..", file))) throw new Error(`e2e/vitest.postgres.config.ts lists ${file}, which does not exist.`);
}

export default defineConfig({ test: { ...e2e.test, name: "e2e-postgres", include: DATABASE_JOURNEYS } });

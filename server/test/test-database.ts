// A fresh database for one test file: a copy of the migrated snapshot on PGlite, or a new
// database cloned from the migrated template when TEST_DATABASE_URL points at PostgreSQL.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { fromPglite, openPostgres, type Database } from "../db/database.js";
import { TEMPLATE_DB, withDatabaseName } from "./postgres-url.js";

/** The embedded database, whatever TEST_DATABASE_URL says: for what only it does. */
export async function createEmbeddedTestDatabase(): Promise<Database> {
  const snapshot = new Blob([fs.readFileSync(inject("pgliteSnapshot"))]);
  return fromPglite(await PGlite.create({ loadDataDir: snapshot }), { migrate: false });
}

export async function createTestDatabase(): Promise<Database> {
  const template = inject("postgresTemplate");
  if (!template) return createEmbeddedTestDatabase();
  const name = `app_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();
  const database = await openPostgres(withDatabaseName(template, name), { migrate: false });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

// The server suite on PostgreSQL (CI's second pass, .ci/run): only the test files that can reach
// the database there, with the PostgreSQL-only *.pg-test.ts files. The others touch no database
// or only the embedded one, so the PGlite run already gave their answer
// (server/test/database-test-files.ts
// says how a file is told apart, and its test that none is lost).
import { defineConfig } from "vitest/config";
import { splitByDatabase } from "./server/test/database-test-files.ts";
import server from "./vitest.config.ts";

if (!process.env.TEST_DATABASE_URL) throw new Error("vitest.postgres.config.ts runs on PostgreSQL: set TEST_DATABASE_URL.");

export default defineConfig({ test: { ...server.test, include: [...splitByDatabase().database, "server/**/*.pg-test.ts"] } });

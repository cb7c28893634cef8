// Runs initdb and the migrations once for the whole browser suite; every server the tests start
// begins from a copy of that (a data folder, or a PostgreSQL template database), which takes
// a moment instead of the many seconds a fresh embedded database needs. Starts the one Chromium
// every file of the run connects to.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../../server/db/database.js";
import { TEST_DB_TAG } from "../../server/test/postgres-url.js";
import { launchBrowserServer } from "./browser.js";
import { evidenceRoot } from "./evidence.js";

export const E2E_TEMPLATE_DB = `e2e_template${TEST_DB_TAG}`;

declare module "vitest" {
  export interface ProvidedContext {
    e2eDataTemplate: string;
    /** Where a failed test's trace and server log go (evidence.ts). */
    e2eEvidence: string;
    /** The run's Chromium, for chromium.connect (browser.ts). */
    e2eBrowser: string;
    /** A folder noting each app server process still running (start-server.ts), for the teardown. */
    e2eServers: string;
    /** Whether files share a worker, so that one file can start the next file's server (start-server.ts). */
    e2eSpareServers: boolean;
  }
}

export default async function setup(project: TestProject) {
  // A failed test's trace and log from an earlier run would read as this run's; another kind of
  // run (PostgreSQL, S3) beside this one keeps its own folder.
  const evidence = evidenceRoot(project.name || "e2e");
  fs.rmSync(evidence, { recursive: true, force: true });
  project.provide("e2eEvidence", evidence);
  const browser = await launchBrowserServer();
  project.provide("e2eBrowser", browser.wsEndpoint());
  const template = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-template-"));
  await (await openPglite(template)).close();
  project.provide("e2eDataTemplate", template);
  const servers = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-servers-"));
  project.provide("e2eServers", servers);
  project.provide("e2eSpareServers", project.config.isolate === false);

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${E2E_TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${E2E_TEMPLATE_DB}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${E2E_TEMPLATE_DB}`;
    await (await openPostgres(u.toString())).close();
  }
  return async () => {
    stopLeftServers(servers);
    await browser.close();
    fs.rmSync(template, { recursive: true, force: true });
  };
}

/** Stops the servers a worker left running (the last file's spare, or any a crash left) and removes their data. */
function stopLeftServers(folder: string) {
  for (const name of fs.readdirSync(folder)) {
    const { pid, dataDir } = JSON.parse(fs.readFileSync(path.join(folder, name), "utf8")) as { pid: number; dataDir: string };
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  fs.rmSync(folder, { recursive: true, force: true });
}

// Runs only against PostgreSQL (selected by vitest.config.ts when TEST_DATABASE_URL is set):
// two app servers with nothing in common but the database and the secret share sessions, so a
// team that outgrows one machine can add servers behind a load balancer.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { withDatabaseName } from "../test/postgres-url.js";
import { httpClient, spawnServer, type ServerProcess } from "../test/spawn-server.js";
import { TEST_PASSWORD } from "../test/test-constants.js";
import { TIMEOUT } from "../../testing/timeouts.ts";

const adminUrl = process.env.TEST_DATABASE_URL!;
const dbName = `app_servers_${randomBytes(5).toString("hex")}`;
const dirs: string[] = [];
const running: ServerProcess[] = [];

afterAll(async () => {
  for (const p of running) p.child.kill("SIGKILL");
  await Promise.all(running.map((p) => p.exited));
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
});

describe("several app servers on one PostgreSQL database", () => {
  it("honours on one server a session made on the other", async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();

    const env = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "server-"));
      dirs.push(dir);
      return { DATABASE_URL: withDatabaseName(adminUrl, dbName), DATA_DIR: dir, SESSION_SECRET: "shared-".repeat(6) };
    };
    // Started together: both run the migrations' advisory lock dance on an empty database.
    const [a, b] = await Promise.all([spawnServer(env()), spawnServer(env())]);
    running.push(a, b);

    const onA = httpClient(a.url);
    expect((await onA.call("POST", "/api/init-admin", { username: "lead", password: TEST_PASSWORD, email: "l@x.co" })).status).toBe(201);

    const res = await fetch(`${b.url}/api/user`, { headers: { cookie: onA.cookie } });
    expect(res.status).toBe(200);
    expect((await res.json()).username).toBe("lead");

    // Logging out on B ends the session on A too.
    expect((await fetch(`${b.url}/api/logout`, { method: "POST", headers: { cookie: onA.cookie } })).status).toBe(204);
    expect((await onA.call("GET", "/api/user")).status).toBe(401);
  }, TIMEOUT.slow);
});

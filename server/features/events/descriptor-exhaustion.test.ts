// One signed-in user floods a real server process with event streams and bare connections, under
// a low open-file limit, on PGlite and (with TEST_DATABASE_URL) on PostgreSQL. The server must keep
// descriptors for the database and for signing in: sign-in works while the streams are held,
// the database keeps writing while the connections are, and afterwards everything works without
// a restart.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openStream, type TestStream } from "../../test/event-stream.js";
import { withDatabaseName } from "../../test/postgres-url.js";
import { httpClient, spawnServer, type ServerProcess } from "../../test/spawn-server.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";
import { DEFAULT_MAX_PER_USER } from "./service.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

/** Low enough that a few hundred connections exhaust it, high enough for the database's share. */
const OPEN_FILES = 512;
const STREAM_ATTEMPTS = 600;
const BARE_CONNECTIONS = 1_000;
const SESSIONS = 4;
const ADMIN = { username: "flood", password: TEST_PASSWORD, email: "flood@example.com" };

const adminUrl = process.env.TEST_DATABASE_URL;
const drivers = adminUrl ? (["pglite", "postgres"] as const) : (["pglite"] as const);
const running: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const p of running) p.child.kill("SIGKILL");
  await Promise.all(running.map((p) => p.exited));
  for (const cleanup of cleanups) await cleanup();
});

async function serverEnv(driver: (typeof drivers)[number]): Promise<Record<string, string>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "flood-"));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  if (driver === "pglite") return { DATA_DIR: dir };
  const name = `app_flood_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  return { DATA_DIR: dir, DATABASE_URL: withDatabaseName(adminUrl!, name) };
}

/** A stream, or null when the server refused it (503) or dropped the connection. */
async function tryStream(url: string, cookie: string): Promise<TestStream | null> {
  const stream = await openStream(url, cookie).catch(() => null);
  if (stream?.status === 200) return stream;
  stream?.close();
  return null;
}

/** A connection that sends nothing: it holds a descriptor on the server for as long as the server keeps it. */
function bareConnection(port: number): Promise<net.Socket> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.on("error", () => {});
    socket.once("connect", () => resolve(socket));
    socket.once("close", () => resolve(socket));
  });
}

/** Signs in over `agent`'s connection: writes a session row, the sign-in time and an audit entry. */
function signInOver(agent: http.Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ username: ADMIN.username, password: ADMIN.password });
    const req = http.request(`${url}/api/login`, { method: "POST", agent, headers: { "content-type": "application/json" } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe.each(drivers)("a flood of event streams and connections from one user (%s)", (driver) => {
  it("leaves the database and sign-in their descriptors, and nothing needs a restart", async () => {
    const server = await spawnServer(await serverEnv(driver), { openFiles: OPEN_FILES });
    running.push(server);
    const port = Number(new URL(server.url).port);
    const first = httpClient(server.url);
    expect((await first.call("POST", "/api/init-admin", ADMIN)).status).toBe(201);
    const cookies = [first.cookie];
    for (let i = 1; i < SESSIONS; i++) {
      const client = httpClient(server.url);
      expect((await client.call("POST", "/api/login", ADMIN)).status).toBe(200);
      cookies.push(client.cookie);
    }

    // Streams, more than the process has descriptors, from the user's few sessions, a batch at
    // a time (a connection flood comes next). Its newest few stay open; the rest were replaced.
    const streams: TestStream[] = [];
    for (let i = 0; i < STREAM_ATTEMPTS; i += 20) {
      const batch = await Promise.all(Array.from({ length: 20 }, (_, j) => tryStream(server.url, cookies[(i + j) % SESSIONS])));
      streams.push(...batch.filter((s) => s !== null));
    }
    expect(streams.length).toBe(STREAM_ATTEMPTS);
    await expect.poll(() => streams.filter((s) => s.events.at(-1)?.event !== "replaced").length).toBe(DEFAULT_MAX_PER_USER);
    // While they are held, someone signs in on a new connection.
    expect((await httpClient(server.url).call("POST", "/api/login", ADMIN)).status).toBe(200);

    // A connection made before the flood, then far more bare connections than the limit.
    const keptOpen = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect(await signInOver(keptOpen, server.url)).toBe(200);
    const sockets = await Promise.all(Array.from({ length: BARE_CONNECTIONS }, () => bareConnection(port)));
    // The database still opens and creates its files: sign-ins write sessions, audit entries.
    for (let i = 0; i < 40; i++) expect(await signInOver(keptOpen, server.url)).toBe(200);

    for (const s of sockets) s.destroy();
    for (const s of streams) s.close();
    keptOpen.destroy();
    // Once the server has seen them go, a new connection signs in and the session works.
    const after = httpClient(server.url);
    await expect.poll(async () => (await after.call("POST", "/api/login", ADMIN).catch(() => ({ status: 0 }))).status, { timeout: 30_000 }).toBe(200);
    expect((await after.call("GET", "/api/user")).status).toBe(200);
    expect(server.child.exitCode).toBe(null);
  }, TIMEOUT.longJob);
});

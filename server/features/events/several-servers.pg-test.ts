// Runs only against PostgreSQL: a change on one app server reaches the event streams of another
// through LISTEN/NOTIFY, a logout on one ends the stream on the other, a dropped LISTEN
// connection is made again with every client told to resync, and a list's tag from one server
// holds on the other.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStream, type StreamEvent } from "../../test/event-stream.js";
import { validListingInput } from "../../test/factories.js";
import { withDatabaseName } from "../../test/postgres-url.js";
import { httpClient, spawnServer, type ServerProcess } from "../../test/spawn-server.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

const adminUrl = process.env.TEST_DATABASE_URL!;
const dbName = `app_events_${randomBytes(5).toString("hex")}`;
const dbUrl = withDatabaseName(adminUrl, dbName);
const dirs: string[] = [];
let a: ServerProcess;
let b: ServerProcess;

async function sql(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await sql(adminUrl, `CREATE DATABASE ${dbName}`);
  const env = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "server-"));
    dirs.push(dir);
    return { DATABASE_URL: dbUrl, DATA_DIR: dir, SESSION_SECRET: "shared-".repeat(6) };
  };
  [a, b] = await Promise.all([spawnServer(env()), spawnServer(env())]);
}, TIMEOUT.slow);

afterAll(async () => {
  for (const p of [a, b]) p?.child.kill("SIGKILL");
  await Promise.all([a, b].map((p) => p?.exited));
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  await sql(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

/**
 * A GET as a browser revalidates: fetch() would add "Cache-Control: no-cache" to a request with
 * If-None-Match (the Fetch standard's rule), which asks the server for the body whatever the tag.
 */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; etag: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, etag: String(res.headers.etag ?? ""), body }));
      })
      .on("error", reject);
  });
}

const listingEvent = (id: string) => (e: StreamEvent) => e.event === "listings" && (e.data as { ids: string[] }).ids.includes(id);

describe("event streams across app servers on one PostgreSQL database", () => {
  it("a change on one server reaches a stream on the other; a logout on one ends it on the other", async () => {
    const onA = httpClient(a.url);
    expect((await onA.call("POST", "/api/init-admin", { username: "lead", password: TEST_PASSWORD, email: "l@x.co" })).status).toBe(201);
    const streamOnB = await openStream(b.url, onA.cookie);
    expect(streamOnB.status).toBe(200);
    await streamOnB.next((e) => e.event === "ready");

    const created = await onA.call("POST", "/api/listings", validListingInput({ listingName: "Across The Wire" }));
    expect(created.status).toBe(201);
    await streamOnB.next(listingEvent(created.body.id));

    // B answers from its caches, and they moved with A's change.
    const list = await fetch(`${b.url}/api/listings/active`, { headers: { cookie: onA.cookie } });
    expect(((await list.json()) as { id: string }[]).map((l) => l.id)).toContain(created.body.id);

    expect((await onA.call("POST", "/api/logout")).status).toBe(204);
    await streamOnB.ended;
  }, TIMEOUT.slow);

  it("gives the same data the same tag on both servers: a tag from one is a 304 on the other, before and after a change", async () => {
    const onA = httpClient(a.url);
    expect((await onA.call("POST", "/api/login", { username: "lead", password: TEST_PASSWORD })).status).toBe(200);
    const read = (server: ServerProcess, path: string, etag?: string) => get(`${server.url}${path}`, { cookie: onA.cookie, ...(etag && { "if-none-match": etag }) });
    for (const path of ["/api/listings/active", "/api/notifications"]) {
      const first = await read(a, path);
      expect(first.status).toBe(200);
      const tag = first.etag;
      expect(tag).toMatch(/^"v-/);
      const onB = await read(b, path, tag);
      expect(onB.status).toBe(304);
      expect(onB.etag).toBe(tag);
    }

    const before = (await read(a, "/api/listings/active")).etag;
    const created = await onA.call("POST", "/api/listings", validListingInput({ listingName: "One Tag Everywhere" }));
    expect(created.status).toBe(201);
    // B moves on once it hears the change: a 200 with the new listing and a new tag...
    await expect.poll(async () => (await read(b, "/api/listings/active", before)).status, { timeout: 15_000 }).toBe(200);
    const fromB = await read(b, "/api/listings/active", before);
    expect((JSON.parse(fromB.body) as { id: string }[]).map((l) => l.id)).toContain(created.body.id);
    const after = fromB.etag;
    expect(after).not.toBe(before);
    // ...which A takes as its own once it has heard its write back.
    await expect.poll(async () => (await read(a, "/api/listings/active", after)).status, { timeout: 15_000 }).toBe(304);
    expect((await read(a, "/api/listings/active", before)).status).toBe(200);
  }, TIMEOUT.slow);

  it("re-establishes a dropped LISTEN connection and tells the clients to resync", async () => {
    const onA = httpClient(a.url);
    expect((await onA.call("POST", "/api/login", { username: "lead", password: TEST_PASSWORD })).status).toBe(200);
    const streamOnB = await openStream(b.url, onA.cookie);
    await streamOnB.next((e) => e.event === "ready");

    // Ends every LISTEN connection to this database (A's and B's), as a PostgreSQL restart would.
    const killed = await sql(
      adminUrl,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${dbName}' AND query ILIKE 'LISTEN%'`,
    );
    expect(killed.rowCount).toBeGreaterThanOrEqual(2);
    await streamOnB.next((e) => e.event === "resync", 15_000);

    // Listening again: the next change still arrives.
    await expect
      .poll(async () => (await sql(adminUrl, `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = '${dbName}' AND query ILIKE 'LISTEN%'`)).rows[0].n, {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(2);
    const created = await onA.call("POST", "/api/listings", validListingInput({ listingName: "After The Drop" }));
    await streamOnB.next(listingEvent(created.body.id));
    streamOnB.close();
  }, TIMEOUT.slow);
});

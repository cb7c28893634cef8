// Runs only against PostgreSQL (selected by vitest.config.ts when TEST_DATABASE_URL is set): two
// app servers, each with its own job worker and geocoder, on one database, together send a local
// fake geocoder at most one request a second, as Nominatim's usage policy asks of the whole
// installation.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { validListingInput } from "../../test/factories.js";
import { withDatabaseName } from "../../test/postgres-url.js";
import { httpClient, spawnServer, type ServerProcess } from "../../test/spawn-server.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

const adminUrl = process.env.TEST_DATABASE_URL!;
const dbName = `geocoder_rate_${randomBytes(5).toString("hex")}`;
const dirs: string[] = [];
const running: ServerProcess[] = [];
let fake: Server | null = null;

afterAll(async () => {
  for (const p of running) p.child.kill("SIGKILL");
  await Promise.all(running.map((p) => p.exited));
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  fake?.closeAllConnections();
  await new Promise((resolve) => (fake ? fake.close(resolve) : resolve(null)));
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
});

const LISTINGS = 6;
/** How late one request may leave after its turn on a loaded machine, and still count as kept. */
const SEND_SLACK_MS = 600;

describe("the street geocoder's rate across app servers", () => {
  it("two servers together send at most one request a second", async () => {
    const arrived: number[] = [];
    fake = createServer((_req, res) => {
      arrived.push(performance.now());
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify([{ lat: "40.75", lon: "-73.99", place_rank: 30, addresstype: "building" }]));
    });
    await new Promise<void>((resolve) => fake!.listen(0, "127.0.0.1", resolve));
    const geocoderUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/search`;

    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const env = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "geocoder-server-"));
      dirs.push(dir);
      return { DATABASE_URL: withDatabaseName(adminUrl, dbName), DATA_DIR: dir, SESSION_SECRET: "shared-".repeat(6), GEOCODER_URL: geocoderUrl, BACKUP_SCHEDULE: "off" };
    };
    const [a, b] = await Promise.all([spawnServer(env()), spawnServer(env())]);
    running.push(a, b);
    const onA = httpClient(a.url);
    expect((await onA.call("POST", "/api/init-admin", { username: "lead", password: TEST_PASSWORD, email: "l@x.co" })).status).toBe(201);
    // The same session on both servers; listings written through each, so each worker has lookups to take.
    for (let n = 1; n <= LISTINGS; n++) {
      const server = n % 2 ? a : b;
      const res = await fetch(`${server.url}/api/listings`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: onA.cookie },
        body: JSON.stringify(validListingInput({ listingName: `Street ${n}`, address: `${n} Main Street`, zip: "10001" })),
      });
      // A refusal names the server, its answer and both servers' logs: a whole run once saw a 401 here.
      const said = res.status === 201 ? "" : `listing ${n} on ${server === a ? "A" : "B"}: ${await res.text()}\nA (exit ${a.child.exitCode}):\n${a.output()}\nB (exit ${b.child.exitCode}):\n${b.output()}`;
      expect(res.status, said).toBe(201);
    }

    await expect.poll(() => arrived.length, { timeout: TIMEOUT.slow, interval: 200 }).toBe(LISTINGS);
    // The servers start their requests a second apart, but the fake sees them arrive: on a starved
    // machine one request can leave late and the next on time, so one gap alone proves little.
    // Any k requests span at least k-1 seconds less one late send, which servers keeping only
    // their own pace (two requests a second between them) never meet beyond the first pair.
    for (let i = 0; i < LISTINGS; i++) {
      for (let j = i + 1; j < LISTINGS; j++) {
        expect(arrived[j] - arrived[i], `requests ${i + 1} and ${j + 1}`).toBeGreaterThanOrEqual((j - i) * 1000 - SEND_SLACK_MS);
      }
    }
    // The last answer is stored a moment after it arrived at the fake.
    const precisions = async () => (await onA.call("GET", "/api/listings")).body.map((l: { locationPrecision: string }) => l.locationPrecision);
    await expect.poll(precisions, { timeout: TIMEOUT.server }).toEqual(Array(LISTINGS).fill("rooftop"));
  }, TIMEOUT.longJob);
});

// The configured street geocoder against a local server that speaks Nominatim's search protocol:
// a found address replaces the ZIP's point; a timeout,
// garbage or a 500 leaves the ZIP's point and the job retries; a pin is never looked up.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobs, listings } from "../../db/tables.js";
import { loadEnv } from "../../env.js";
import { runDueJobs } from "../../jobs/worker.js";
import { validListingInput } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { geocodingJobHandlers } from "./service.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

type Answer = (req: IncomingMessage, res: ServerResponse) => void;
let answer: Answer;
const asked: URL[] = [];
/** When each request reached the fake geocoder (its own clock, ms). */
const arrived: number[] = [];
let fake: Server;
let url: string;
let ctx: TestContext;
let member: TestClient;

beforeAll(async () => {
  fake = createServer((req, res) => {
    asked.push(new URL(req.url ?? "/", "http://fake"));
    arrived.push(performance.now());
    answer(req, res);
  });
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/search`;
  ctx = await createTestContext({ env: { TRUST_PROXY: false, AUTH_SCRYPT_COST: 12, ALLOWED_HOSTS: [".example.com"], GEOCODER_URL: url } });
  member = (await ctx.userAgent()).agent;
});
afterAll(async () => {
  await ctx.close();
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
});
beforeEach(async () => {
  asked.length = 0;
  arrived.length = 0;
  await ctx.db.delete(jobs);
});

const json = (body: unknown, status = 200): Answer => (_req, res) => res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
const HOUSE = [{ lat: "40.7505", lon: "-73.9934", place_rank: 30, addresstype: "building", display_name: "1 Main St" }];
const ROAD = [{ lat: "40.7", lon: "-73.9", place_rank: 26, addresstype: "road" }];

// Long enough that a loaded machine's first request (cold connection pool) is not taken for the
// timeout; the timeout case waits it out once.
const handlers = () => geocodingJobHandlers({ url, timeoutMs: 2_000, minIntervalMs: 0 });
const pointOf = async (id: string) => {
  const [row] = await ctx.db.select().from(listings).where(eq(listings.id, id));
  return { latitude: row.latitude, longitude: row.longitude, locationPrecision: row.locationPrecision };
};
const ZIP_POINT = { latitude: 40.7484, longitude: -73.9967, locationPrecision: "zip" };
const create = async (overrides: Parameters<typeof validListingInput>[0] = {}) => {
  const res = await member.post("/api/listings").send(validListingInput({ zip: "10001", ...overrides }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
};
const queuedStreetJobs = async () =>
  (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(eq(jobs.kind, "geocoding.street")))[0].n;

describe("GEOCODER_URL", () => {
  it("must be an http(s) address: anything else stops the server with a message naming it", () => {
    for (const bad of ["nominatim", "ftp://geo.example.com/search", "https://user:pw@geo.example.com/search"]) {
      expect(() => loadEnv({ GEOCODER_URL: bad })).toThrow(/GEOCODER_URL/);
    }
    expect(loadEnv({ GEOCODER_URL: "https://nominatim.example.com/search" }).GEOCODER_URL).toBe("https://nominatim.example.com/search");
  });
});

describe("the street geocoder", () => {
  it("places a new listing at its building, asking once with the address, jsonv2 and a US filter", async () => {
    answer = json(HOUSE);
    const listing = await create({ address: "1 Main Street", city: "Wheeling", state: "WV" });
    expect(await pointOf(listing.id)).toEqual(ZIP_POINT);
    expect(await runDueJobs(ctx.db, handlers())).toEqual({ done: 1, failed: 0 });
    expect(await pointOf(listing.id)).toEqual({ latitude: 40.7505, longitude: -73.9934, locationPrecision: "rooftop" });
    expect(asked).toHaveLength(1);
    expect(asked[0].searchParams.get("q")).toBe("1 Main Street, Wheeling, WV 10001");
    expect(asked[0].searchParams.get("format")).toBe("jsonv2");
    expect(asked[0].searchParams.get("countrycodes")).toBe("us");
  });

  it("says street for a place below a building, and keeps the ZIP's point when nothing is found", async () => {
    answer = json(ROAD);
    const road = await create();
    await runDueJobs(ctx.db, handlers());
    expect(await pointOf(road.id)).toMatchObject({ locationPrecision: "street", latitude: 40.7 });
    answer = json([]);
    const unknown = await create();
    expect(await runDueJobs(ctx.db, handlers())).toEqual({ done: 1, failed: 0 });
    expect(await pointOf(unknown.id)).toEqual(ZIP_POINT);
  });

  const failures: [string, Answer][] = [
    ["a 500", json({ error: "down" }, 500)],
    ["garbage", (_req, res) => res.writeHead(200, { "Content-Type": "application/json" }).end("<html>not json")],
    ["a list of nonsense", json([{ lat: "north", lon: "west" }])],
    ["an object instead of a list", json({ lat: "1", lon: "2" })],
    ["a timeout", () => {}],
  ];
  for (const [name, failing] of failures) {
    it(`on ${name}, keeps the ZIP's point, and the job retries later and then succeeds`, async () => {
      answer = failing;
      const listing = await create();
      expect(await runDueJobs(ctx.db, handlers())).toEqual({ done: 0, failed: 1 });
      expect(await pointOf(listing.id)).toEqual(ZIP_POINT);
      answer = json(HOUSE);
      const later = new Date(Date.now() + 24 * 3600_000);
      expect(await runDueJobs(ctx.db, handlers(), { now: later })).toEqual({ done: 1, failed: 0 });
      expect(await pointOf(listing.id)).toMatchObject({ locationPrecision: "rooftop" });
    });
  }

  it("is not asked about a pinned listing, and a pin dropped while a lookup waits wins", async () => {
    answer = json(HOUSE);
    await create({ latitude: 10, longitude: 20 });
    expect(await queuedStreetJobs()).toBe(0);
    const listing = await create();
    expect(await queuedStreetJobs()).toBe(1);
    await member.put(`/api/listings/${listing.id}`).send({ latitude: 11, longitude: 21 }).expect(200);
    await runDueJobs(ctx.db, handlers());
    expect(asked).toHaveLength(0);
    expect(await pointOf(listing.id)).toEqual({ latitude: 11, longitude: 21, locationPrecision: "manual" });
  });

  it("looks an edited address up again, unless the pin is manual", async () => {
    answer = json(HOUSE);
    const listing = await create();
    await runDueJobs(ctx.db, handlers());
    await member.patch(`/api/listings/${listing.id}`).send({ address: "2 Other Street" }).expect(200);
    expect(await pointOf(listing.id)).toEqual(ZIP_POINT);
    expect(await queuedStreetJobs()).toBe(1);
    await runDueJobs(ctx.db, handlers());
    expect(asked.at(-1)?.searchParams.get("q")).toContain("2 Other Street");
    await member.put(`/api/listings/${listing.id}`).send({ latitude: 1, longitude: 2 }).expect(200);
    await member.patch(`/api/listings/${listing.id}`).send({ address: "3 Third Street" }).expect(200);
    expect(await queuedStreetJobs()).toBe(0);
  });

  it("sends at most one request a second between two servers' geocoders, the database deciding whose turn it is", async () => {
    answer = json(HOUSE);
    for (let n = 0; n < 4; n++) await create({ address: `${n + 1} Main Street` });
    // Two handler sets: what two app servers each build, with a geocoder of their own.
    const [a, b] = [geocodingJobHandlers({ url, timeoutMs: 5_000 }), geocodingJobHandlers({ url, timeoutMs: 5_000 })];
    const passes = await Promise.all([runDueJobs(ctx.db, a, { limit: 2 }), runDueJobs(ctx.db, b, { limit: 2 })]);
    expect(passes).toEqual([
      { done: 2, failed: 0 },
      { done: 2, failed: 0 },
    ]);
    expect(arrived).toHaveLength(4);
    // A turn is taken just before its request is sent; a little slack for the send itself.
    const gaps = arrived.slice(1).map((at, i) => at - arrived[i]);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(900);
  }, TIMEOUT.slow);
});

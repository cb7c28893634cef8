// The inventory page answered before Express: no request log, the same bytes and headers as the
// route (security headers and the embedded page's framing rule included), the route's 304s, and
// never where the route would answer otherwise.
import type { Express } from "express";
import { pino } from "pino";
import supertest from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createListing } from "../../test/factories.js";
import { buildApp, createTestContext, type TestContext } from "../../test/test-app.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

let ctx: TestContext;
let app: Express;
let logged: string[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  app = buildApp(ctx.db, { changes: ctx.changes, logger: pino({ level: "info" }, { write: (line: string) => void logged.push(line) }) });
  const admin = await ctx.createUser({ isAdmin: true });
  const agent = supertest.agent(app);
  await agent.post("/api/login").send({ username: admin.username, password: TEST_PASSWORD }).expect(200);
  const listing = await createListing(ctx.db, { listingName: "Early Depot", offeringType: "Lease", leaseRate: 12, leaseRateUnit: "per SF/yr", dealStage: "Active", state: "OH" });
  await ctx.afterChange(() => agent.put(`/api/listings/${listing.id}/publication`).send({ published: true, inventory: true }).expect(200));
  await ctx.afterChange(() => agent.put("/api/inventory-settings").send({ embedOrigins: ["https://broker.example.com"] }).expect(200));
});
afterAll(() => ctx.close());
beforeEach(() => ctx.changes.setLive(true));

const loggedPaths = () => logged.flatMap((line) => (JSON.parse(line) as { req?: { url: string } }).req?.url ?? []);
const withoutDate = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([name]) => name !== "date"));

async function logOf(request: () => Promise<supertest.Response>) {
  logged = [];
  const res = await request();
  return { res, logged: loggedPaths() };
}

/** The same request through the route (the change bus down: nothing is trusted from memory) and then from memory. */
async function bothWays(request: () => supertest.Test) {
  ctx.changes.setLive(false);
  const normal = await logOf(() => request());
  ctx.changes.setLive(true);
  let early: Awaited<ReturnType<typeof logOf>> | undefined;
  await expect.poll(async () => (early = await logOf(() => request())).logged, { timeout: TIMEOUT.condition }).toEqual([]);
  expect(normal.logged.length).toBe(1);
  return { normal: normal.res, early: early!.res };
}

describe("the inventory before Express", () => {
  it("sends the page and the embedded page with the route's bytes and headers", async () => {
    for (const path of ["/inventory", "/inventory/lease/oh", "/inventory/embed?offering=lease", "/inventory?embed=1"]) {
      const { normal, early } = await bothWays(() => supertest(app).get(path).set("Accept-Encoding", "identity"));
      expect(early.status).toBe(200);
      expect(early.text).toBe(normal.text);
      expect(early.text).toContain("Early Depot");
      expect(withoutDate(early.headers)).toEqual(withoutDate(normal.headers));
      const framing = path.includes("embed") ? "frame-ancestors https://broker.example.com" : "frame-ancestors 'none'";
      expect(early.headers["content-security-policy"]).toContain(framing);
      expect(early.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("answers a current copy with the route's 304", async () => {
    const etag = (await supertest(app).get("/inventory").expect(200)).headers.etag;
    const { normal, early } = await bothWays(() => supertest(app).get("/inventory").set("If-None-Match", etag));
    expect([normal.status, early.status]).toEqual([304, 304]);
    expect(withoutDate(early.headers)).toEqual(withoutDate(normal.headers));
  });

  it("leaves the scripts, the map and repeated parameters to the routes", async () => {
    for (const path of ["/embed.js", "/inventory/embed-frame.js", "/inventory?sort=price-asc&sort=newest"]) {
      await supertest(app).get(path).expect(200);
      logged = [];
      await supertest(app).get(path).expect(200);
      expect(loggedPaths()).toEqual([path]);
    }
  });
});

import { and, eq, sql } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, rateLimitCounters } from "../../db/tables.js";
import { buildApp, createTestContext, type TestContext } from "../../test/test-app.js";
import { TEST_PASSWORD, TEST_SCRYPT_COST } from "../../test/test-constants.js";
import { signInDelayMs } from "./login-rate-limit.js";

const TOO_MANY = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

// The slowdowns are recorded rather than waited for, so the tests see them without the clock.
const delays: number[] = [];
// One proxy in front, so each request can say which address it comes from.
const behindProxy = {
  env: { TRUST_PROXY: 1, AUTH_SCRYPT_COST: TEST_SCRYPT_COST },
  signInSleep: async (ms: number) => {
    delays.push(ms);
  },
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(behindProxy);
});
afterAll(() => ctx.close());
beforeEach(() => {
  delays.length = 0;
});

const login = (app: Parameters<typeof supertest>[0], username: string, password: string, address = "203.0.113.1") =>
  supertest(app).post("/api/login").set("x-forwarded-for", address).send({ username, password });

describe("failed sign-in limit", () => {
  it("blocks the address that failed ten times on an account, not the account: its owner still signs in elsewhere", async () => {
    const user = await ctx.createUser();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(ctx.app, user.username, "wrong-pass")).status);
    expect(statuses).toEqual(Array(10).fill(401));

    const blocked = await login(ctx.app, user.username, TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: TOO_MANY });
    // The username's case does not open a second count.
    expect((await login(ctx.app, user.username.toUpperCase(), TEST_PASSWORD)).status).toBe(429);

    const other = await ctx.createUser();
    expect((await login(ctx.app, other.username, TEST_PASSWORD)).status).toBe(200);
    // The owner, from their own address, is not locked out by the guesses from 203.0.113.1.
    expect((await login(ctx.app, user.username, TEST_PASSWORD, "198.51.100.20")).status).toBe(200);
  });

  it("never refuses a right password from an address that has not failed, however many others did", async () => {
    const user = await ctx.createUser();
    // A botnet: five addresses blocked on this account, thirty more with one guess each.
    for (let a = 0; a < 5; a++) {
      for (let i = 0; i < 10; i++) await login(ctx.app, user.username, "wrong-pass", `192.0.2.${a + 1}`);
      expect((await login(ctx.app, user.username, TEST_PASSWORD, `192.0.2.${a + 1}`)).status).toBe(429);
    }
    for (let a = 0; a < 30; a++) await login(ctx.app, user.username, "wrong-pass", `198.51.100.${a + 100}`);

    delays.length = 0;
    expect((await login(ctx.app, user.username, TEST_PASSWORD, "203.0.113.77")).status).toBe(200);
    // Slowed, as a username under attack is, but let in.
    expect(delays).toEqual([signInDelayMs(0, 80)]);
    expect(delays[0]).toBeGreaterThan(0);
  });

  it("slows a pair down as its failures grow, and a right password clears its own failures", async () => {
    const user = await ctx.createUser();
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      delays.length = 0;
      await login(ctx.app, user.username, "wrong-pass", "203.0.113.9");
      waits.push(delays[0] ?? 0);
    }
    expect(waits).toEqual([0, 0, 0, 1000, 2000, 4000, 8000]);

    delays.length = 0;
    expect((await login(ctx.app, user.username, TEST_PASSWORD, "203.0.113.9")).status).toBe(200);
    expect(delays).toEqual([8000]);
    delays.length = 0;
    await login(ctx.app, user.username, "wrong-pass", "203.0.113.9");
    expect(delays).toEqual([]);
  });

  it("records failed sign-ins, sign-ins and the lockout in the audit log", async () => {
    const user = await ctx.createUser();
    const address = "203.0.113.44";
    for (let i = 0; i < 10; i++) await login(ctx.app, user.username, "wrong-pass", address);
    await login(ctx.app, user.username, TEST_PASSWORD, "203.0.113.45").expect(200);

    const events = await ctx.db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.data}->>'username' = ${user.username.toLowerCase()} or ${auditEvents.actorId} = ${user.id}`)
      .orderBy(auditEvents.id);
    expect(events.map((e) => e.kind)).toEqual([...Array(10).fill("auth.sign-in-failed"), "auth.lockout", "auth.sign-in"]);
    expect(events[10]).toMatchObject({ address, actorId: null, data: { scope: "address-username", failures: 10 } });
    expect(events[11]).toMatchObject({ address: "203.0.113.45", actorId: user.id, data: { username: user.username } });
  });

  it("does not count successful sign-ins", async () => {
    const user = await ctx.createUser();
    for (let i = 0; i < 12; i++) expect((await login(ctx.app, user.username, TEST_PASSWORD)).status).toBe(200);
  });

  it("shares the count between app servers over one database", async () => {
    const second = buildApp(ctx.db, behindProxy);
    const user = await ctx.createUser();
    const servers = [ctx.app, second];
    // Both servers at once, one attempt each (within the address's share of attempts at once).
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) {
      const pair = await Promise.all(servers.map((server) => login(server, user.username, "wrong-pass").then((r) => r.status)));
      statuses.push(...pair);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    expect((await login(ctx.app, user.username, TEST_PASSWORD)).status).toBe(429);
    expect((await login(second, user.username, TEST_PASSWORD)).status).toBe(429);
  });

  it("keeps neither usernames nor addresses in the table, and starts afresh once the window ends", async () => {
    const user = await ctx.createUser();
    for (let i = 0; i < 10; i++) await login(ctx.app, user.username, "wrong-pass", "198.51.100.7");
    expect((await login(ctx.app, user.username, TEST_PASSWORD, "198.51.100.7")).status).toBe(429);

    const rows = await ctx.db.select().from(rateLimitCounters);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.key).not.toContain(user.username);
      expect(row.key).not.toContain("198.51.100.7");
      expect(row.key).toMatch(/^[\w-]{43}$/);
    }

    await ctx.db.update(rateLimitCounters).set({ resetAt: sql`now() - interval '1 second'` });
    expect((await login(ctx.app, user.username, TEST_PASSWORD, "198.51.100.7")).status).toBe(200);
  });

  it("stops one address after fifty failures across many accounts, and records it", async () => {
    const address = "192.0.2.50";
    for (let i = 0; i < 50; i++) expect((await login(ctx.app, `nobody${i}`, "wrong-pass", address)).status).toBe(401);
    const user = await ctx.createUser();
    expect((await login(ctx.app, user.username, TEST_PASSWORD, address)).status).toBe(429);
    expect((await login(ctx.app, user.username, TEST_PASSWORD, "192.0.2.51")).status).toBe(200);
    const lockouts = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "auth.lockout"), eq(auditEvents.address, address)));
    expect(lockouts.map((e) => e.data)).toEqual([expect.objectContaining({ scope: "address", failures: 50 })]);
  });
});

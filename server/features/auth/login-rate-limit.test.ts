import { sql } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitCounters } from "../../db/tables.js";
import { buildApp, createTestContext, TEST_PASSWORD, TEST_SCRYPT_COST, type TestContext } from "../../test/test-app.js";

const TOO_MANY = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

// One proxy in front, so each request can say which address it comes from.
const behindProxy = { env: { TRUST_PROXY: 1, AUTH_SCRYPT_COST: TEST_SCRYPT_COST } };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(behindProxy);
});
afterAll(() => ctx.close());

const login = (app: Parameters<typeof supertest>[0], username: string, password: string, address = "203.0.113.1") =>
  supertest(app).post("/api/login").set("x-forwarded-for", address).send({ username, password });

describe("failed sign-in limit", () => {
  it("stops an account after ten failures, without locking out others from the same address", async () => {
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
  });

  it("does not count successful sign-ins", async () => {
    const user = await ctx.createUser();
    for (let i = 0; i < 12; i++) expect((await login(ctx.app, user.username, TEST_PASSWORD)).status).toBe(200);
  });

  it("shares the count between app servers over one database", async () => {
    const second = buildApp(ctx.db, behindProxy);
    const user = await ctx.createUser();
    const servers = [ctx.app, second];
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(servers[i % 2], user.username, "wrong-pass").then((r) => r.status)),
    );
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

  it("stops one address after fifty failures across many accounts", async () => {
    const address = "192.0.2.50";
    for (let i = 0; i < 50; i++) expect((await login(ctx.app, `nobody${i}`, "wrong-pass", address)).status).toBe(401);
    const user = await ctx.createUser();
    expect((await login(ctx.app, user.username, TEST_PASSWORD, address)).status).toBe(429);
    expect((await login(ctx.app, user.username, TEST_PASSWORD, "192.0.2.51")).status).toBe(200);
  });
});

import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";
import { readSession } from "../sessions/data.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const cookieOf = (res: supertest.Response) => {
  const raw = res.headers["set-cookie"] as unknown as string[] | undefined;
  return raw?.find((c) => c.startsWith("sid="));
};
const sidOf = (cookie: string) => decodeURIComponent(cookie.split(";")[0].slice(4)).slice(2).split(".")[0];

describe("first-admin setup", () => {
  it("reports needsSetup, creates exactly one admin under a race, then refuses", async () => {
    expect((await supertest(ctx.app).get("/api/needs-setup")).body).toEqual({ needsSetup: true });

    const bad = await supertest(ctx.app).post("/api/init-admin").send({ username: "", password: "short" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      username: "Username is required",
      password: "Password must be at least 8 characters",
      email: "Email is required",
    });
    expect((await supertest(ctx.app).get("/api/needs-setup")).body.needsSetup).toBe(true);

    const attempts = await Promise.all(
      ["boss1", "boss2", "boss3"].map((username) =>
        supertest(ctx.app).post("/api/init-admin").send({ username, password: TEST_PASSWORD, email: `${username}@x.co` }),
      ),
    );
    const statuses = attempts.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    const winner = attempts.find((r) => r.status === 201)!;
    expect(winner.body).toMatchObject({ isAdmin: true });
    expect(winner.body).not.toHaveProperty("password");
    expect(cookieOf(winner)).toMatch(/HttpOnly/);
    expect(cookieOf(winner)).toMatch(/SameSite=Lax/);
    expect(attempts.find((r) => r.status === 409)!.body.message).toBe("Setup has already been completed. Please sign in.");

    const me = await supertest(ctx.app).get("/api/user").set("Cookie", cookieOf(winner)!.split(";")[0]);
    expect(me.body.username).toBe(winner.body.username);
    expect((await supertest(ctx.app).get("/api/needs-setup")).body).toEqual({ needsSetup: false });
  });
});

describe("login and logout", () => {
  it("signs in, rotates the session id, and destroys the session at logout", async () => {
    const user = await ctx.createUser({ username: "Rotator" });
    const anon = supertest.agent(ctx.app);
    // A session that exists before login (e.g. planted by an attacker) must not survive it.
    const first = await anon.post("/api/login").send({ username: "rotator", password: TEST_PASSWORD });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ id: user.id, username: "Rotator", email: user.email, isAdmin: false });
    const firstSid = sidOf(cookieOf(first)!);
    const second = await anon.post("/api/login").send({ username: "Rotator", password: TEST_PASSWORD });
    const secondSid = sidOf(cookieOf(second)!);
    expect(secondSid).not.toBe(firstSid);
    expect(await readSession(ctx.db, firstSid)).toBeUndefined();

    expect((await anon.get("/api/auth/user")).body.username).toBe("Rotator");
    expect((await anon.post("/api/logout")).status).toBe(204);
    expect(await readSession(ctx.db, secondSid)).toBeUndefined();
    expect((await anon.get("/api/user")).status).toBe(401);
  });

  it("refuses wrong passwords and unknown users with one message", async () => {
    const user = await ctx.createUser();
    const wrong = await supertest(ctx.app).post("/api/login").send({ username: user.username, password: "nope-nope" });
    const unknown = await supertest(ctx.app).post("/api/login").send({ username: "ghost", password: "nope-nope" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: "Invalid username or password" });
    expect(unknown.body).toEqual(wrong.body);
    expect(cookieOf(wrong)).toBeUndefined();
  });

  it("validates the login body", async () => {
    const res = await supertest(ctx.app).post("/api/login").send({ username: "x" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ password: "Password is required" });
  });

  it("costs one session read and no write for an unchanged session", async () => {
    const user = await ctx.createUser();
    const agent = await ctx.signIn(user);
    const executed: string[] = [];
    const client = (ctx.database as unknown as { db: { $client: { query: (...a: unknown[]) => unknown } } }).db.$client;
    const original = client.query.bind(client);
    client.query = (...args: unknown[]) => {
      executed.push(String(typeof args[0] === "string" ? args[0] : (args[0] as { text: string }).text));
      return original(...args);
    };
    try {
      await agent.get("/api/user").expect(200);
    } finally {
      client.query = original;
    }
    const sessionQueries = executed.filter((q) => q.includes('"sessions"'));
    expect(sessionQueries).toHaveLength(1);
    expect(sessionQueries[0]).toMatch(/^select/i);
  });
});

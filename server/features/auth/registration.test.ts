// Registration and setup against anonymous abuse: nothing is hashed
// before every cheap check has passed, refused attempts are limited per address, the process
// runs few hashes at once, and the token is checked before anything else is revealed.
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { TEST_PASSWORD, TEST_SCRYPT_COST } from "../../test/test-constants.js";
import { HashGate, passwordHashGate, SERVER_BUSY } from "./hash-gate.js";

let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  // Behind one proxy, so each test can come from an address of its own.
  ctx = await createTestContext({ env: { TRUST_PROXY: 1, AUTH_SCRYPT_COST: TEST_SCRYPT_COST } });
  admin = (await ctx.userAgent({ isAdmin: true })).agent;
});
afterAll(() => ctx.close());

const invite = async (email: string) => {
  const res = await admin.post("/api/invitations").send({ email }).expect(201);
  return new URL(res.body.inviteLink).searchParams.get("token")!;
};
const from = (address: string) => ({
  register: (body: object) => supertest(ctx.app).post("/api/register").set("x-forwarded-for", address).send(body),
  initAdmin: (body: object) => supertest(ctx.app).post("/api/init-admin").set("x-forwarded-for", address).send(body),
});

/** How many password hashes `run` started in this process. */
async function hashesDuring(run: () => Promise<unknown>): Promise<number> {
  const before = passwordHashGate.admitted;
  await run();
  return passwordHashGate.admitted - before;
}

describe("refused before any password hash", () => {
  it("hashes nothing for a registration with an unknown token, a taken username or a weak password", async () => {
    const client = from("203.0.113.10");
    const badToken = await hashesDuring(async () => {
      expect((await client.register({ username: "newbie", password: TEST_PASSWORD, token: "no-such-token" })).status).toBe(400);
    });
    expect(badToken).toBe(0);

    const existing = await ctx.createUser({ username: "existing" });
    const token = await invite("taken-check@example.com");
    const taken = await hashesDuring(async () => {
      expect((await client.register({ username: existing.username, password: TEST_PASSWORD, token })).status).toBe(409);
    });
    expect(taken).toBe(0);
    const weak = await hashesDuring(async () => {
      expect((await client.register({ username: "fresh.name", password: "password1", token })).status).toBe(400);
    });
    expect(weak).toBe(0);

    // And the same invitation still works with a good choice: one hash.
    const ok = await hashesDuring(async () => {
      expect((await client.register({ username: "fresh.name", password: TEST_PASSWORD, token })).status).toBe(201);
    });
    expect(ok).toBe(1);
  });

  it("hashes nothing for a setup call once setup is done", async () => {
    const hashes = await hashesDuring(async () => {
      const res = await from("203.0.113.11").initAdmin({ username: "late", password: TEST_PASSWORD, email: "late@example.com" });
      expect(res.status).toBe(409);
    });
    expect(hashes).toBe(0);
  });

  it("checks the token before the username, so 'taken' tells nothing to someone without an invitation", async () => {
    const existing = await ctx.createUser({ username: "known.person" });
    const res = await from("203.0.113.12").register({ username: existing.username, password: TEST_PASSWORD, token: "guess" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "This invitation link is invalid or has already been used." });
  });
});

describe("limits", () => {
  it("limits refused registrations per address", async () => {
    const attacker = from("198.51.100.66");
    for (let i = 0; i < 20; i++) {
      expect((await attacker.register({ username: `guess${i}`, password: TEST_PASSWORD, token: `guess-${i}` })).status).toBe(400);
    }
    const limited = await attacker.register({ username: "guess-more", password: TEST_PASSWORD, token: "guess-more" });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: "Too many registration attempts. Please wait 15 minutes and try again." });
    // Someone else, with a real invitation, is not held back.
    const token = await invite("invitee@example.com");
    expect((await from("198.51.100.67").register({ username: "invitee", password: TEST_PASSWORD, token })).status).toBe(201);
  });

  it("limits refused setup calls per address", async () => {
    const attacker = from("198.51.100.68");
    for (let i = 0; i < 20; i++) {
      expect((await attacker.initAdmin({ username: `boss${i}`, password: TEST_PASSWORD, email: "b@example.com" })).status).toBe(409);
    }
    const limited = await attacker.initAdmin({ username: "boss", password: TEST_PASSWORD, email: "b@example.com" });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: "Too many setup attempts. Please wait 15 minutes and try again." });
  });

  it("answers 503 at once when the process already runs and queues all the hashes it will", async () => {
    const user = await ctx.createUser();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const capacity = passwordHashGate.maxRunning + passwordHashGate.maxWaiting;
    const occupying = Array.from({ length: capacity }, () => passwordHashGate.run(() => held));
    try {
      const res = await supertest(ctx.app).post("/api/login").send({ username: user.username, password: TEST_PASSWORD });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: SERVER_BUSY });
    } finally {
      release();
      await Promise.all(occupying);
    }
    // Once the hashes are done, sign-in works again.
    expect((await supertest(ctx.app).post("/api/login").send({ username: user.username, password: TEST_PASSWORD })).status).toBe(200);
  });
});

describe("password strength", () => {
  it("refuses a guessable password, or one holding the username, with the reason under the field", async () => {
    const token = await invite("strength@example.com");
    const client = from("203.0.113.30");
    const common = await client.register({ username: "strong.one", password: "password123", token });
    expect(common.status).toBe(400);
    expect(common.body.errors.password).toMatch(/commonly used password/);
    expect(common.body.message).toBe(common.body.errors.password);

    const named = await client.register({ username: "strong.one", password: "strong.one-is-me-2024", token });
    expect(named.status).toBe(400);
    expect(named.body).toEqual({
      message: "Password must not contain your username",
      errors: { password: "Password must not contain your username" },
    });

    expect((await client.register({ username: "strong.one", password: "violet tractor in the orchard", token })).status).toBe(201);
  });
});

describe("the hash gate", () => {
  it("runs at most maxRunning tasks at once, queues maxWaiting more in order and turns the rest away", async () => {
    const gate = new HashGate(2, 2);
    const started: number[] = [];
    const finish: (() => void)[] = [];
    const task = (n: number) => () =>
      new Promise<number>((resolve) => {
        started.push(n);
        finish[n] = () => resolve(n);
      });
    const results = [1, 2, 3, 4].map((n) => gate.run(task(n)));
    await expect(gate.run(task(5))).rejects.toMatchObject({ status: 503, message: SERVER_BUSY });
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    finish[2]();
    await expect.poll(() => started).toEqual([1, 2, 3]);
    finish[1]();
    await expect.poll(() => started).toEqual([1, 2, 3, 4]);
    finish[3]();
    finish[4]();
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4]);
  });
});

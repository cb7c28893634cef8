// Sign-in under a flood of anonymous guesses: an unknown username takes no place
// at the hash gate, one address has at most two attempts in progress, and attempts refused for
// want of room count against their address, so the owner signs in every time and the flooding
// address ends up blocked.
import { and, eq } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { auditEvents } from "../../db/tables.js";
import { DbRateLimitStore } from "../../http/rate-limit-store.js";
import { createTestContext, type TestContext } from "../../test/test-app.js";
import { TEST_PASSWORD, TEST_SCRYPT_COST } from "../../test/test-constants.js";
import { HashGate, passwordHashGate, SERVER_BUSY } from "./hash-gate.js";
import { SIGN_IN_IN_PROGRESS, TOO_MANY_FAILED_SIGN_INS } from "./login-rate-limit.js";
import { SignInDecoy } from "./sign-in-decoy.js";

let ctx: TestContext;
beforeAll(async () => {
  // Behind one proxy, so each request can say which address it comes from; slowdowns recorded, not waited.
  ctx = await createTestContext({ env: { TRUST_PROXY: 1, AUTH_SCRYPT_COST: TEST_SCRYPT_COST }, signInSleep: async () => {} });
});
afterAll(() => ctx.close());

const login = (username: string, password: string, address: string) =>
  supertest(ctx.app).post("/api/login").set("x-forwarded-for", address).send({ username, password });

/** The owner signs in `times` times, one after another, from their own address. */
async function ownerSignsIn(username: string, times: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await login(username, TEST_PASSWORD, "198.51.100.5")).status);
  return statuses;
}

describe("sign-in under a flood", () => {
  it("lets the owner in while one address floods, and blocks that address", async () => {
    const owner = await ctx.createUser({ isAdmin: true });
    const flooder = "203.0.113.66";
    // Sixty guesses at once: made-up names and the owner's own name with wrong passwords.
    const flood = Promise.all(
      Array.from({ length: 60 }, (_, i) => login(i % 2 ? `nobody${i}` : owner.username, "wrong-pass", flooder).then((r) => r.status)),
    );
    const owners = await ownerSignsIn(owner.username, 5);
    const guesses = await flood;

    expect(owners).toEqual(Array(5).fill(200));
    // Each guess is refused as a wrong guess or for having too many at once, never for a busy server.
    expect(guesses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(guesses.filter((s) => s === 401).length).toBeGreaterThan(0);

    // Every refused guess counted: the address is blocked, even with someone's right password.
    const other = await ctx.createUser();
    const blocked = await login(other.username, TEST_PASSWORD, flooder);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: TOO_MANY_FAILED_SIGN_INS });
    const lockouts = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "auth.lockout"), eq(auditEvents.address, flooder)));
    expect(lockouts.map((e) => e.data)).toContainEqual(expect.objectContaining({ scope: "address", failures: 50 }));
  });

  it("lets the owner in while many addresses guess made-up names, and the guesses hash nothing", async () => {
    const owner = await ctx.createUser({ isAdmin: true });
    // One sign-in first, so the decoy has a verification's time to copy (it times one itself otherwise).
    expect(await ownerSignsIn(owner.username, 1)).toEqual([200]);

    const hashesBefore = passwordHashGate.admitted;
    // Sixteen clients, each guess from a new address.
    const flood = Promise.all(
      Array.from({ length: 16 }, async (_, client) => {
        const statuses: number[] = [];
        for (let i = 0; i < 5; i++) statuses.push((await login(`ghost${client}-${i}`, "wrong-pass", `10.9.${client}.${i + 1}`)).status);
        return statuses;
      }),
    );
    const owners = await ownerSignsIn(owner.username, 10);
    const guesses = (await flood).flat();

    expect(owners).toEqual(Array(10).fill(200));
    expect(guesses).toEqual(Array(16 * 5).fill(401));
    // Only the owner's ten sign-ins took a place at the gate.
    expect(passwordHashGate.admitted - hashesBefore).toBe(10);
  });

  it("refuses a third attempt at once from an address with two in progress, and counts it", async () => {
    // Slowdowns here wait until released, so two attempts can be held in progress.
    let sleeping = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = await createTestContext({
      env: { TRUST_PROXY: 1, AUTH_SCRYPT_COST: TEST_SCRYPT_COST },
      signInSleep: () => {
        sleeping += 1;
        return held;
      },
    });
    try {
      const address = "203.0.113.67";
      const attempt = (username: string, password = TEST_PASSWORD) =>
        supertest(slow.app).post("/api/login").set("x-forwarded-for", address).send({ username, password });
      const user = await slow.createUser();
      // Three failures: the pair's next attempts are slowed, here held.
      for (let i = 0; i < 3; i++) await attempt(user.username, "wrong-pass").expect(401);
      const inProgress = [attempt(user.username).then((r) => r.status), attempt(user.username).then((r) => r.status)];
      await vi.waitFor(() => expect(sleeping).toBe(2), { timeout: 10_000 });

      const third = await attempt((await slow.createUser()).username);
      expect(third.status).toBe(429);
      expect(third.body).toEqual({ message: SIGN_IN_IN_PROGRESS });
      const failures = await new DbRateLimitStore(slow.db, "login-address:").get(address);
      expect(failures?.totalHits).toBe(4);

      release();
      expect(await Promise.all(inProgress)).toEqual([200, 200]);
    } finally {
      release();
      await slow.close();
    }
  });
});

describe("the decoy for unknown usernames", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits as long as a recent verification took, on a timer", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "performance"] });
    const decoy = new SignInDecoy(new HashGate(2, 10), async () => {});
    await decoy.timed(async () => {
      vi.advanceTimersByTime(120);
    });
    let done = false;
    const waiting = decoy.wait().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(119);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
  });

  it("times one real hash when it has nothing to copy yet, once for everyone waiting", async () => {
    let hashes = 0;
    const decoy = new SignInDecoy(new HashGate(2, 10), async () => {
      hashes += 1;
    });
    await Promise.all([decoy.wait(), decoy.wait(), decoy.wait()]);
    await decoy.wait();
    expect(hashes).toBe(1);
  });

  it("answers 503 when the gate is full, as a known username would be answered", async () => {
    const gate = new HashGate(1, 1);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const occupying = [gate.run(() => held), gate.run(() => held)];
    const decoy = new SignInDecoy(gate, async () => {});
    await expect(decoy.wait()).rejects.toMatchObject({ status: 503, message: SERVER_BUSY });
    release();
    await Promise.all(occupying);
  });
});

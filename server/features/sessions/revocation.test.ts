import { eq } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../db/tables.js";
import { buildApp, createTestContext, type TestContext } from "../../test/test-app.js";
import { TEST_PASSWORD, TEST_SCRYPT_COST } from "../../test/test-constants.js";
import { readSession } from "./data.js";
import { revokeUserSessions } from "./service.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60 * 1000;
// Written as another app server would: the change is in force once this server hears it (on
// PostgreSQL a NOTIFY, a moment later), which is what the next request may rely on.
const setUser = (id: number, values: Partial<typeof users.$inferInsert>) => ctx.afterChange(() => ctx.db.update(users).set(values).where(eq(users.id, id)));

describe("a session follows its user's current state", () => {
  it("ends every session of a revoked user on their next request, and only theirs", async () => {
    const user = await ctx.createUser();
    const phone = await ctx.signIn(user);
    const laptop = await ctx.signIn(user);
    const { agent: bystander } = await ctx.userAgent();
    await phone.get("/api/user").expect(200);

    await ctx.afterChange(() => revokeUserSessions(ctx.db, user.id));

    expect((await phone.get("/api/user")).status).toBe(401);
    expect((await laptop.get("/api/listings/active")).status).toBe(401);
    expect((await bystander.get("/api/user")).status).toBe(200);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    // Signing in again works, with the new epoch.
    const again = await ctx.signIn(user);
    expect((await again.get("/api/user")).body.id).toBe(user.id);
  });

  it("ends a session that a request still running writes back after the revocation", async () => {
    const user = await ctx.createUser();
    const agent = await ctx.signIn(user);
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    await ctx.afterChange(() => revokeUserSessions(ctx.db, user.id));
    // As express-session would save it at the end of a request that began before the revocation.
    await ctx.db.insert(sessions).values(row);
    expect((await agent.get("/api/user")).status).toBe(401);
    expect(await readSession(ctx.db, row.sid)).toBeUndefined();
  });

  it("sees a demotion on the very next request", async () => {
    const { user, agent } = await ctx.userAgent({ isAdmin: true });
    await agent.get("/api/invitations").expect(200);
    await setUser(user.id, { isAdmin: false });
    const res = await agent.get("/api/invitations");
    expect(res.status).toBe(403);
    expect((await agent.get("/api/user")).body).toEqual({ ...user, isAdmin: false });
  });

  it("signs out a deactivated user and refuses their sign-in with a reason", async () => {
    const user = await ctx.createUser();
    const agent = await ctx.signIn(user);
    await setUser(user.id, { isActive: false });
    expect((await agent.get("/api/user")).status).toBe(401);

    const res = await supertest(ctx.app).post("/api/login").send({ username: user.username, password: TEST_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "This account has been deactivated. Ask an admin to reactivate it." });
    // A wrong password gets the usual answer: the account's state is told only to its owner.
    const wrong = await supertest(ctx.app).post("/api/login").send({ username: user.username, password: "not-it-at-all" });
    expect(wrong.status).toBe(401);
  });

  it("signs out a deleted user", async () => {
    const user = await ctx.createUser();
    const agent = await ctx.signIn(user);
    await ctx.afterChange(() => ctx.db.delete(users).where(eq(users.id, user.id)));
    expect((await agent.get("/api/user")).status).toBe(401);
  });

  it("names its user in the row and records the time of sign-in", async () => {
    const user = await ctx.createUser();
    await ctx.signIn(user);
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row.lastSignInAt).toBeInstanceOf(Date);
    expect(Date.now() - row.lastSignInAt!.getTime()).toBeLessThan(60_000);
  });
});

describe("session lifetime", () => {
  /** Makes a user's session look `days` older: signed in and last extended that much earlier. */
  async function age(userId: number, days: number, opts: { expireIn?: number } = {}) {
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.userId, userId));
    const sess = row.sess as { passport: { user: { signedInAt: number } } };
    sess.passport.user.signedInAt -= days * DAY;
    const expire = new Date(opts.expireIn === undefined ? row.expire.getTime() - days * DAY : Date.now() + opts.expireIn);
    await ctx.afterChange(() => ctx.db.update(sessions).set({ sess, expire }).where(eq(sessions.sid, row.sid)));
  }

  it("ends a session left unused for SESSION_IDLE_DAYS (14 by default)", async () => {
    const user = await ctx.createUser();
    const agent = await ctx.signIn(user);
    await age(user.id, 15);
    expect((await agent.get("/api/user")).status).toBe(401);
  });

  it("counts idle time from the last use, not from sign-in", async () => {
    const user = await ctx.createUser();
    const agent = await ctx.signIn(user);
    await age(user.id, 13);
    expect((await agent.get("/api/user")).status).toBe(200);
    // Used on day 13, so it lasts until day 27.
    await age(user.id, 13);
    expect((await agent.get("/api/user")).status).toBe(200);
  });

  it("ends a session 30 days after sign-in however much it is used", async () => {
    const user = await ctx.createUser();
    const agent = await ctx.signIn(user);
    await age(user.id, 29, { expireIn: 10 * DAY });
    expect((await agent.get("/api/user")).status).toBe(200);
    await age(user.id, 1, { expireIn: 10 * DAY });
    expect((await agent.get("/api/user")).status).toBe(401);
  });

  it("stores the idle deadline as the session's expiry", async () => {
    const user = await ctx.createUser();
    await ctx.signIn(user);
    const expiry = async () => (await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id)))[0].expire.getTime();
    expect(Math.abs((await expiry()) - (Date.now() + 14 * DAY))).toBeLessThan(60_000);
  });

  it("follows SESSION_IDLE_DAYS", async () => {
    const app = buildApp(ctx.db, { env: { TRUST_PROXY: false, AUTH_SCRYPT_COST: TEST_SCRYPT_COST, SESSION_IDLE_DAYS: 2 } });
    const user = await ctx.createUser();
    const agent = supertest.agent(app);
    await agent.post("/api/login").send({ username: user.username, password: TEST_PASSWORD }).expect(200);
    await age(user.id, 3);
    expect((await agent.get("/api/user")).status).toBe(401);
  });
});

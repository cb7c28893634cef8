import { eq, sql } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, passwordResetTokens, sessions } from "../../db/tables.js";
import { createTestContext, type TestContext } from "../../test/test-app.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";
import { browserName } from "./browser-name.js";
import { hashResetToken } from "./reset-token.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const NEW_PASSWORD = "quiet lantern over copper fields";
const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

const login = (username: string, password: string, userAgent = FIREFOX_LINUX) => {
  const agent = supertest.agent(ctx.app);
  return agent
    .post("/api/login")
    .set("User-Agent", userAgent)
    .send({ username, password })
    .then((res) => ({ agent, res }));
};
const kindsFor = async (actorId: number) =>
  (await ctx.db.select().from(auditEvents).where(eq(auditEvents.actorId, actorId))).map((e) => e.kind);

describe("POST /api/account/password", () => {
  it("needs the current password, ends the other sessions and keeps this one", async () => {
    const user = await ctx.createUser();
    const { agent: laptop } = await login(user.username, TEST_PASSWORD);
    const { agent: phone } = await login(user.username, TEST_PASSWORD);

    const wrong = await laptop.post("/api/account/password").send({ currentPassword: "nope nope", newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ currentPassword: "Current password is incorrect" });
    expect((await phone.get("/api/user")).status).toBe(200);

    await laptop.post("/api/account/password").send({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }).expect(204);
    expect((await laptop.get("/api/user")).status).toBe(200);
    expect((await phone.get("/api/user")).status).toBe(401);
    expect((await login(user.username, TEST_PASSWORD)).res.status).toBe(401);
    expect((await login(user.username, NEW_PASSWORD)).res.status).toBe(200);
    expect(await kindsFor(user.id)).toContain("account.password-changed");
  });

  it("refuses a weak new password as registration does, naming the field, and changes nothing", async () => {
    const user = await ctx.createUser();
    const agent = await ctx.signIn(user);
    const short = await agent.post("/api/account/password").send({ currentPassword: TEST_PASSWORD, newPassword: "short" });
    expect(short.body.errors).toEqual({ newPassword: "Password must be at least 8 characters" });
    const weak = await agent.post("/api/account/password").send({ currentPassword: TEST_PASSWORD, newPassword: "password123" });
    expect(weak.status).toBe(400);
    expect(weak.body.errors.newPassword).toEqual(expect.any(String));
    const named = await agent.post("/api/account/password").send({ currentPassword: TEST_PASSWORD, newPassword: `${user.username}-garden-lamp` });
    expect(named.body.errors).toEqual({ newPassword: "Password must not contain your username" });
    expect((await login(user.username, TEST_PASSWORD)).res.status).toBe(200);
  });
});

describe("your sessions", () => {
  it("lists browser, address, started and last active with opaque ids, marking this one", async () => {
    const user = await ctx.createUser();
    const { agent: laptop } = await login(user.username, TEST_PASSWORD, FIREFOX_LINUX);
    await login(user.username, TEST_PASSWORD, CHROME_ANDROID);
    const list = (await laptop.get("/api/account/sessions").expect(200)).body as Record<string, unknown>[];
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ browser: "Firefox on Linux", current: true, address: expect.any(String) });
    expect(list[1]).toMatchObject({ browser: "Chrome on Android", current: false });
    for (const s of list) {
      expect(Date.now() - Date.parse(s.startedAt as string)).toBeLessThan(60_000);
      expect(Date.parse(s.lastActiveAt as string)).toBeGreaterThanOrEqual(Date.parse(s.startedAt as string));
    }
    const sids = (await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).map((r) => r.sid);
    for (const sid of sids) expect(JSON.stringify(list)).not.toContain(sid);
  });

  it("signs out one session by its id, only the caller's own", async () => {
    const user = await ctx.createUser();
    const { agent: laptop } = await login(user.username, TEST_PASSWORD, FIREFOX_LINUX);
    const { agent: phone } = await login(user.username, TEST_PASSWORD, CHROME_ANDROID);
    const phoneId = ((await laptop.get("/api/account/sessions")).body as { id: string; current: boolean }[]).find((s) => !s.current)!.id;

    const { agent: stranger } = await ctx.userAgent();
    expect((await stranger.delete(`/api/account/sessions/${phoneId}`)).status).toBe(404);
    expect((await phone.get("/api/user")).status).toBe(200);

    await laptop.delete(`/api/account/sessions/${phoneId}`).expect(204);
    expect((await phone.get("/api/user")).status).toBe(401);
    expect((await laptop.get("/api/user")).status).toBe(200);
    expect((await laptop.delete(`/api/account/sessions/${phoneId}`)).status).toBe(404);
    const [event] = await ctx.db.select().from(auditEvents).where(eq(auditEvents.kind, "account.session-ended")).orderBy(sql`id desc`).limit(1);
    expect(event).toMatchObject({ actorId: user.id, data: { count: 1 } });
  });

  it("signs out everywhere else", async () => {
    const user = await ctx.createUser();
    const { agent: here } = await login(user.username, TEST_PASSWORD);
    const others = await Promise.all([1, 2].map(() => login(user.username, TEST_PASSWORD)));
    expect((await here.post("/api/account/sessions/sign-out-others").expect(200)).body).toEqual({ count: 2 });
    for (const { agent } of others) expect((await agent.get("/api/user")).status).toBe(401);
    expect((await here.get("/api/account/sessions")).body).toHaveLength(1);
  });
});

describe("password reset with an admin's link", () => {
  const createLink = async (userId: number) => {
    const { agent: admin } = await ctx.userAgent({ isAdmin: true });
    const { resetLink } = (await admin.post(`/api/team/members/${userId}/reset-link`).expect(201)).body;
    return new URL(resetLink).searchParams.get("reset")!;
  };

  it("validates, sets the password once, signs the person in and ends their other sessions", async () => {
    const user = await ctx.createUser();
    const old = await ctx.signIn(user);
    const token = await createLink(user.id);
    expect((await supertest(ctx.app).get(`/api/password-reset/validate/${token}`)).body).toEqual({ valid: true, username: user.username });

    const browser = supertest.agent(ctx.app);
    const res = await browser.post("/api/password-reset").send({ token, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, username: user.username });
    expect((await browser.get("/api/user")).body.id).toBe(user.id);
    expect((await old.get("/api/user")).status).toBe(401);
    expect((await login(user.username, NEW_PASSWORD)).res.status).toBe(200);
    expect(await kindsFor(user.id)).toContain("auth.password-reset");

    const again = await supertest(ctx.app).post("/api/password-reset").send({ token, newPassword: "another fine long phrase" });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/invalid, has expired or has already been used/);
    expect((await supertest(ctx.app).get(`/api/password-reset/validate/${token}`)).body).toEqual({ valid: false, username: null });
  });

  it("stores only the token's hash, and works once when two resets race", async () => {
    const user = await ctx.createUser();
    const token = await createLink(user.id);
    const rows = await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashResetToken(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
    const results = await Promise.all(
      ["first fine long phrase here", "second fine long phrase here"].map((newPassword) =>
        supertest(ctx.app).post("/api/password-reset").send({ token, newPassword }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it("expires after an hour, and a newer link replaces an older one", async () => {
    const user = await ctx.createUser();
    const first = await createLink(user.id);
    const second = await createLink(user.id);
    expect((await supertest(ctx.app).get(`/api/password-reset/validate/${first}`)).body.valid).toBe(false);
    await ctx.db
      .update(passwordResetTokens)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(passwordResetTokens.tokenHash, hashResetToken(second)));
    expect((await supertest(ctx.app).get(`/api/password-reset/validate/${second}`)).body.valid).toBe(false);
    expect((await supertest(ctx.app).post("/api/password-reset").send({ token: second, newPassword: NEW_PASSWORD })).status).toBe(400);
  });

  it("refuses a weak password and keeps the link usable", async () => {
    const user = await ctx.createUser();
    const token = await createLink(user.id);
    const weak = await supertest(ctx.app).post("/api/password-reset").send({ token, newPassword: "password123" });
    expect(weak.status).toBe(400);
    expect(weak.body.errors.newPassword).toEqual(expect.any(String));
    expect((await supertest(ctx.app).get(`/api/password-reset/validate/${token}`)).body.valid).toBe(true);
  });
});

describe("browserName", () => {
  it("names common browsers and systems", () => {
    expect(browserName(CHROME_ANDROID)).toBe("Chrome on Android");
    expect(browserName(FIREFOX_LINUX)).toBe("Firefox on Linux");
    expect(
      browserName("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"),
    ).toBe("Safari on iOS");
    expect(browserName("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0")).toBe(
      "Edge on Windows",
    );
    expect(browserName("")).toBe("Unknown browser");
  });
});

describe("limits", () => {
  it("limits an address's reset-link tries, and a session's wrong current passwords", async () => {
    const fresh = await createTestContext();
    try {
      const anonymous = supertest(fresh.app);
      for (let i = 0; i < 30; i++) expect((await anonymous.get(`/api/password-reset/validate/guess${i}`)).status).toBe(200);
      const limited = await anonymous.post("/api/password-reset").send({ token: "guess", newPassword: NEW_PASSWORD });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe("Too many password reset attempts. Please wait 15 minutes and try again.");

      const { agent } = await fresh.userAgent();
      const wrong = () => agent.post("/api/account/password").send({ currentPassword: "not it", newPassword: NEW_PASSWORD });
      for (let i = 0; i < 10; i++) expect((await wrong()).status).toBe(400);
      expect((await wrong()).status).toBe(429);
    } finally {
      await fresh.close();
    }
  });
});

import { eq } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, users } from "../../db/tables.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const eventsOf = async (kind: string) => (await ctx.db.select().from(auditEvents).where(eq(auditEvents.kind, kind))).map((e) => e.data);
const patch = (agent: TestClient, id: number, body: object) => agent.patch(`/api/team/members/${id}`).send(body);

describe("GET /api/team/members", () => {
  it("lists every user with role, state, joined and last sign-in, for admins only", async () => {
    const { agent: admin } = await ctx.userAgent({ isAdmin: true });
    const gone = await ctx.createUser();
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, gone.id));
    const list = (await admin.get("/api/team/members").expect(200)).body as Record<string, unknown>[];
    const row = list.find((m) => m.id === gone.id)!;
    expect(Object.keys(row).sort()).toEqual(["createdAt", "email", "id", "isActive", "isAdmin", "lastSignInAt", "username"]);
    expect(row).toMatchObject({ username: gone.username, email: gone.email, isAdmin: false, isActive: false, lastSignInAt: null });
    expect(JSON.stringify(list)).not.toMatch(/password|sessionEpoch/);
    const { agent: member } = await ctx.userAgent();
    expect((await member.get("/api/team/members")).status).toBe(403);
    expect((await supertest(ctx.app).get("/api/team/members")).status).toBe(401);
  });
});

describe("PATCH /api/team/members/:id", () => {
  it("promotes and demotes, and the member's live session sees it on its very next request", async () => {
    const { agent: admin } = await ctx.userAgent({ isAdmin: true });
    const { user, agent: live } = await ctx.userAgent();
    expect((await live.get("/api/invitations")).status).toBe(403);
    expect((await patch(admin, user.id, { isAdmin: true })).body).toMatchObject({ id: user.id, isAdmin: true, isActive: true });
    expect((await live.get("/api/invitations")).status).toBe(200);
    await patch(admin, user.id, { isAdmin: false }).expect(200);
    expect((await live.get("/api/invitations")).status).toBe(403);
    expect((await live.get("/api/user")).body.isAdmin).toBe(false);
    expect(await eventsOf("team.role-changed")).toEqual(
      expect.arrayContaining([
        { userId: user.id, username: user.username, isAdmin: true },
        { userId: user.id, username: user.username, isAdmin: false },
      ]),
    );
  });

  it("deactivation signs the member out at once, refuses sign-in and hides them from the mention picker; reactivation undoes it", async () => {
    const { agent: admin } = await ctx.userAgent({ isAdmin: true });
    const { user, agent: live } = await ctx.userAgent();
    const listing = await createListing(ctx.db);
    await live.post(`/api/listings/${listing.id}/notes`).send({ content: "My note stays" }).expect(201);
    expect((await admin.get("/api/users")).body.map((u: { id: number }) => u.id)).toContain(user.id);

    expect((await patch(admin, user.id, { isActive: false })).body).toMatchObject({ isActive: false });
    expect((await live.get("/api/user")).status).toBe(401);
    const signIn = await supertest(ctx.app).post("/api/login").send({ username: user.username, password: TEST_PASSWORD });
    expect(signIn.status).toBe(403);
    expect(signIn.body.message).toBe("This account has been deactivated. Ask an admin to reactivate it.");
    expect((await admin.get("/api/users")).body.map((u: { id: number }) => u.id)).not.toContain(user.id);
    const notes = (await admin.get(`/api/listings/${listing.id}/notes`)).body;
    expect(notes).toEqual([expect.objectContaining({ username: user.username, content: "My note stays" })]);
    expect(await eventsOf("team.deactivated")).toContainEqual({ userId: user.id, username: user.username });

    await patch(admin, user.id, { isActive: true }).expect(200);
    expect(await eventsOf("team.reactivated")).toContainEqual({ userId: user.id, username: user.username });
    expect((await ctx.signIn(user).then((a) => a.get("/api/user"))).status).toBe(200);
  });

  it("keeps the last active admin: demoting or deactivating them is refused with the reason", async () => {
    const fresh = await createTestContext();
    try {
      const { user: only, agent: admin } = await fresh.userAgent({ isAdmin: true });
      for (const body of [{ isAdmin: false }, { isActive: false }, { isAdmin: false, isActive: false }]) {
        const res = await patch(admin, only.id, body);
        expect(res.status).toBe(409);
        expect(res.body.message).toMatch(/only active admin\. Make someone else an admin before you (demote|deactivate) them/);
      }
      // A deactivated admin does not count: promoting one keeps the rule.
      const other = await fresh.createUser({ isAdmin: true });
      await fresh.db.update(users).set({ isActive: false }).where(eq(users.id, other.id));
      expect((await patch(admin, only.id, { isAdmin: false })).status).toBe(409);
      await patch(admin, other.id, { isActive: true }).expect(200);
      // With a second active admin, either may step down, but not both at once. (The loser gets
      // 409, or 403 when its own demotion landed before its request was read.)
      const otherAgent = await fresh.signIn(other);
      const results = await Promise.all([patch(admin, other.id, { isAdmin: false }), patch(otherAgent, only.id, { isAdmin: false })]);
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      const [row] = await fresh.db.select().from(users).where(eq(users.isAdmin, true));
      expect(row.isActive).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it("answers 404 for unknown ids and 400 for bad input, changing nothing", async () => {
    const { agent: admin } = await ctx.userAgent({ isAdmin: true });
    const user = await ctx.createUser();
    expect((await patch(admin, 99999999, { isAdmin: true })).status).toBe(404);
    expect((await patch(admin, 2 ** 40, { isAdmin: true })).status).toBe(404);
    expect((await admin.patch("/api/team/members/abc").send({ isAdmin: true })).status).toBe(400);
    expect((await patch(admin, user.id, { isAdmin: "yes" })).body.errors).toEqual({ isAdmin: "isAdmin must be true or false" });
    expect((await patch(admin, user.id, {})).status).toBe(400);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ isAdmin: false, isActive: true });
  });
});

describe("POST /api/team/members/:id/reset-link", () => {
  it("returns a one-time link at {origin}/auth?reset= with a 256-bit token, recorded without the token", async () => {
    const { agent: admin } = await ctx.userAgent({ isAdmin: true });
    const user = await ctx.createUser();
    const res = await admin.post(`/api/team/members/${user.id}/reset-link`).set("Host", "team.example.com");
    expect(res.status).toBe(201);
    expect(res.body.resetLink).toMatch(/^http:\/\/team\.example\.com\/auth\?reset=[A-Za-z0-9_-]{43}$/);
    const token = new URL(res.body.resetLink).searchParams.get("reset")!;
    expect(await eventsOf("team.reset-link-created")).toContainEqual({ userId: user.id, username: user.username });
    const stored = JSON.stringify(await ctx.db.select().from(auditEvents));
    expect(stored).not.toContain(token);
    expect((await admin.post("/api/team/members/99999999/reset-link")).status).toBe(404);
  });

  it("refuses a deactivated member", async () => {
    const { agent: admin } = await ctx.userAgent({ isAdmin: true });
    const user = await ctx.createUser();
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await admin.post(`/api/team/members/${user.id}/reset-link`)).status).toBe(409);
  });
});

describe("invitation audit events", () => {
  it("records who invited and cancelled whom", async () => {
    const { agent: admin } = await ctx.userAgent({ isAdmin: true });
    const inv = (await admin.post("/api/invitations").send({ email: "audited@example.com" }).expect(201)).body;
    await admin.delete(`/api/invitations/${inv.id}`).expect(204);
    expect(await eventsOf("team.invitation-created")).toContainEqual({ email: "audited@example.com" });
    expect(await eventsOf("team.invitation-cancelled")).toContainEqual({ email: "audited@example.com" });
  });
});

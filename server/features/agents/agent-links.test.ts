// Agents are members: an admin links a profile to a
// member account, one each way; a member makes their own profile; every refusal changes nothing.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agents, auditEvents } from "../../db/tables.js";
import { createAgent } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
let admin: TestClient;
let member: { user: { id: number; username: string }; agent: TestClient };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.userAgent({ isAdmin: true })).agent;
  member = await ctx.userAgent();
});
afterAll(() => ctx.close());

const linkOf = async (id: string) => (await ctx.db.select({ userId: agents.userId }).from(agents).where(eq(agents.id, id)))[0].userId;

describe("linking an agent profile to a member", () => {
  it("an admin links with PATCH and unlinks with PUT; the agent answers its userId, the log says who", async () => {
    const person = await ctx.createUser();
    const agent = await createAgent(ctx.db, { name: "Marcus Reed" });
    expect((await admin.get("/api/agents").expect(200)).body.find((a: { id: string }) => a.id === agent.id).userId).toBeNull();
    const linked = await admin.patch(`/api/agents/${agent.id}`).send({ userId: person.id }).expect(200);
    expect(linked.body).toMatchObject({ id: agent.id, name: "Marcus Reed", userId: person.id });
    expect(await linkOf(agent.id)).toBe(person.id);
    const unlinked = await admin.put(`/api/agents/${agent.id}`).send({ userId: null }).expect(200);
    expect(unlinked.body.userId).toBeNull();
    const log = await ctx.db
      .select({ kind: auditEvents.kind, data: auditEvents.data })
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "agent.linked")));
    expect(log.some((e) => (e.data as { agentId?: string }).agentId === agent.id && (e.data as { username?: string }).username === person.username)).toBe(true);
    const gone = await ctx.db.select({ kind: auditEvents.kind }).from(auditEvents).where(eq(auditEvents.kind, "agent.unlinked"));
    expect(gone.length).toBeGreaterThan(0);
  });

  it("refuses a member already linked to another profile with 409, naming that profile, and changes nothing", async () => {
    const person = await ctx.createUser({ username: `pat_${Math.random().toString(36).slice(2, 7)}` });
    const first = await createAgent(ctx.db, { name: "First Profile" });
    const second = await createAgent(ctx.db, { name: "Second Profile" });
    await admin.patch(`/api/agents/${first.id}`).send({ userId: person.id }).expect(200);
    const res = await admin.patch(`/api/agents/${second.id}`).send({ userId: person.id }).expect(409);
    expect(res.body.message).toBe(`${person.username} is already linked to the agent profile "First Profile". Unlink that profile first.`);
    expect(await linkOf(second.id)).toBeNull();
    // Linking the same member to the same profile again is no change, not a conflict.
    await admin.patch(`/api/agents/${first.id}`).send({ userId: person.id }).expect(200);
  });

  it("of two links of one member made at once, one lands and the other is 409", async () => {
    const person = await ctx.createUser();
    const a = await createAgent(ctx.db);
    const b = await createAgent(ctx.db);
    const results = await Promise.all([a, b].map((x) => admin.patch(`/api/agents/${x.id}`).send({ userId: person.id })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("refuses an unknown member or a deactivated one with 400 naming userId, and bad values", async () => {
    const agent = await createAgent(ctx.db);
    const unknown = await admin.patch(`/api/agents/${agent.id}`).send({ userId: 999_999 }).expect(400);
    expect(unknown.body).toMatchObject({ message: "There is no member with this id", errors: { userId: "Choose a member of the team" } });
    const away = await ctx.createUser();
    await admin.patch(`/api/team/members/${away.id}`).send({ isActive: false }).expect(200);
    const inactive = await admin.patch(`/api/agents/${agent.id}`).send({ userId: away.id }).expect(400);
    expect(inactive.body.message).toBe(`${away.username}'s account is deactivated`);
    for (const userId of ["1", 1.5, 0, -3, true]) {
      const res = await admin.patch(`/api/agents/${agent.id}`).send({ userId }).expect(400);
      expect(res.body.errors.userId, JSON.stringify(userId)).toBe("userId must be a member's id or null");
    }
    expect(await linkOf(agent.id)).toBeNull();
  });

  it("is the admins' alone: a member cannot link anyone, themselves included, nor unlink", async () => {
    const agent = await createAgent(ctx.db);
    const other = await ctx.createUser();
    for (const userId of [other.id, member.user.id, null]) {
      const res = await member.agent.patch(`/api/agents/${agent.id}`).send({ userId }).expect(403);
      expect(res.body.message).toBe("Only admins can link an agent profile to a member");
    }
    expect((await member.agent.put(`/api/agents/${agent.id}`).send({ userId: member.user.id })).status).toBe(403);
    expect(await linkOf(agent.id)).toBeNull();
    // A member still keeps the directory's other fields.
    await member.agent.patch(`/api/agents/${agent.id}`).send({ phone: "304-555-0111" }).expect(200);
  });

  it("answers 404 for an unknown agent", async () => {
    await admin.patch("/api/agents/00000000-0000-4000-8000-000000000000").send({ userId: member.user.id }).expect(404);
  });
});

describe("POST /api/account/agent-profile", () => {
  it("makes the member's own profile, linked to them, with their name and email; a second is 409", async () => {
    const me = await ctx.createUser({ email: "casey@example.com" });
    const client = await ctx.signIn(me);
    const res = await client.post("/api/account/agent-profile").send({ phone: "412-555-0100" }).expect(201);
    expect(res.body).toMatchObject({ name: me.username, email: "casey@example.com", phone: "412-555-0100", userId: me.id, listingCount: 0 });
    const again = await client.post("/api/account/agent-profile").send({ name: "Casey Again" }).expect(409);
    expect(again.body.message).toBe(`You already have an agent profile: "${me.username}"`);
    expect((await ctx.db.select().from(agents).where(eq(agents.userId, me.id))).length).toBe(1);
  });

  it("takes a name and refuses bad input, making nothing", async () => {
    const me = await ctx.createUser();
    const client = await ctx.signIn(me);
    expect((await client.post("/api/account/agent-profile").send({ phone: "call me" }).expect(400)).body.errors.phone).toContain("Enter a valid phone number");
    expect((await client.post("/api/account/agent-profile").send({ name: "   " }).expect(400)).body.errors.name).toBe("Name is required");
    expect((await ctx.db.select().from(agents).where(eq(agents.userId, me.id))).length).toBe(0);
    expect((await client.post("/api/account/agent-profile").send({ name: "Casey Lane" }).expect(201)).body.name).toBe("Casey Lane");
  });
});

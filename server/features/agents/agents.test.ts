import { count, eq } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agents, listings } from "../../db/tables.js";
import { createAgent, createListing } from "../../test/factories.js";
import { contextWithMember, createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  ({ ctx, member } = await contextWithMember());
});
afterAll(() => ctx.close());

const agentCount = async () => (await ctx.db.select({ n: count() }).from(agents))[0].n;
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describe("POST /api/agents", () => {
  it("creates an agent, trimming text and storing blanks as null", async () => {
    const res = await member.post("/api/agents").send({ name: "  Pat Lane ", email: "", phone: " (304) 555-0101 " });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), name: "Pat Lane", email: null, phone: "(304) 555-0101", listingCount: 0, version: 1, userId: null });
  });

  it.each([
    ["missing name", { email: "a@b.co" }, "name", "Name is required"],
    ["blank name", { name: "   " }, "name", "Name is required"],
    ["overlong name", { name: "n".repeat(201) }, "name", "Name must be at most 200 characters"],
    ["bad email", { name: "A", email: "not-an-email" }, "email", "Enter a valid email address"],
    ["bad phone", { name: "A", phone: "call me" }, "phone", "Enter a valid phone number"],
    ["short phone", { name: "A", phone: "555" }, "phone", "Enter a valid phone number"],
  ])("refuses a %s, naming the field, and creates nothing", async (_case, body, field, message) => {
    const before = await agentCount();
    const res = await member.post("/api/agents").send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toContain(message);
    expect(await agentCount()).toBe(before);
  });

  it("turns the logged-out away", async () => {
    expect((await supertest(ctx.app).post("/api/agents").send({ name: "Nobody" })).status).toBe(401);
    expect((await supertest(ctx.app).get("/api/agents")).status).toBe(401);
  });
});

describe("GET /api/agents", () => {
  it("lists agents by name, ignoring case, with the count of their listings in both folders", async () => {
    const fresh = await createTestContext();
    try {
      const agent = (await fresh.userAgent()).agent;
      const zoe = await createAgent(fresh.db, { name: "zoe" });
      const adam = await createAgent(fresh.db, { name: "Adam", email: null, phone: null });
      await createAgent(fresh.db, { name: "Bea" });
      await createListing(fresh.db, { agentId: zoe.id });
      await createListing(fresh.db, { agentId: zoe.id, isActive: false });
      await createListing(fresh.db, { agentId: adam.id });
      await createListing(fresh.db);
      const list = (await agent.get("/api/agents").expect(200)).body;
      expect(list.map((a: { name: string }) => a.name)).toEqual(["Adam", "Bea", "zoe"]);
      expect(list.map((a: { listingCount: number }) => a.listingCount)).toEqual([1, 0, 2]);
      expect(list[0]).toEqual({ id: adam.id, name: "Adam", email: null, phone: null, listingCount: 1, version: 1, userId: null });
    } finally {
      await fresh.close();
    }
  });
});

describe("PATCH /api/agents/:id", () => {
  it("changes only the fields sent and answers the agent with its listing count", async () => {
    const agent = await createAgent(ctx.db, { name: "Old", email: "old@example.com" });
    await createListing(ctx.db, { agentId: agent.id });
    const res = await member.patch(`/api/agents/${agent.id}`).send({ phone: "+1 304 555 0102 ext. 12" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: agent.id, name: "Old", email: "old@example.com", phone: "+1 304 555 0102 ext. 12", listingCount: 1, version: 2, userId: null });
    expect((await member.patch(`/api/agents/${agent.id}`).send({})).body.name).toBe("Old");
  });

  it("refuses bad input and changes nothing", async () => {
    const agent = await createAgent(ctx.db, { name: "Steady" });
    for (const body of [{ name: "" }, { email: "nope" }, { phone: "abc" }]) {
      const res = await member.patch(`/api/agents/${agent.id}`).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(Object.keys(body));
    }
    const [row] = await ctx.db.select().from(agents).where(eq(agents.id, agent.id));
    expect(row).toMatchObject({ name: "Steady", email: agent.email, phone: agent.phone });
  });

  it("answers 404 for an unknown or malformed id", async () => {
    expect((await member.patch(`/api/agents/${UNKNOWN_ID}`).send({ name: "X" })).status).toBe(404);
    expect((await member.patch("/api/agents/abc").send({ name: "X" })).body).toEqual({ message: "Agent not found" });
  });
});

describe("DELETE /api/agents/:id", () => {
  it("deletes the agent and keeps its listings, unassigned", async () => {
    const agent = await createAgent(ctx.db);
    const listing = await createListing(ctx.db, { agentId: agent.id });
    expect((await member.delete(`/api/agents/${agent.id}`)).status).toBe(204);
    const [row] = await ctx.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(row.agentId).toBeNull();
    expect((await member.get(`/api/listings/${listing.id}`)).body).toMatchObject({ agentId: null, agentName: null });
    const list = (await member.get("/api/agents")).body as { id: string }[];
    expect(list.some((a) => a.id === agent.id)).toBe(false);
  });

  it("answers 404 for an unknown, already deleted or malformed id", async () => {
    const agent = await createAgent(ctx.db);
    await member.delete(`/api/agents/${agent.id}`).expect(204);
    expect((await member.delete(`/api/agents/${agent.id}`)).status).toBe(404);
    expect((await member.delete(`/api/agents/${UNKNOWN_ID}`)).status).toBe(404);
    expect((await member.delete("/api/agents/%27%3B--")).status).toBe(404);
  });
});

import { eq, sql } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitations } from "../../db/tables.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";

let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.userAgent({ isAdmin: true })).agent;
});
afterAll(() => ctx.close());

const invite = async (email: string) => {
  const res = await admin.post("/api/invitations").send({ email }).expect(201);
  return { ...res.body, token: new URL(res.body.inviteLink).searchParams.get("token")! };
};

describe("invitations", () => {
  it("creates a link with a 256-bit URL-safe token at {origin}/auth?token=", async () => {
    const res = await admin.post("/api/invitations").set("Host", "team.example.com").send({ email: "New@Example.com" });
    expect(res.status).toBe(201);
    expect(res.body.email).toBe("New@Example.com");
    expect(res.body.inviteLink).toMatch(/^http:\/\/team\.example\.com\/auth\?token=[A-Za-z0-9_-]{43}$/);
    expect(res.body.status).toBe("pending");
    expect(res.body).not.toHaveProperty("token");
  });

  it("refuses bad emails, duplicates of a pending invitation and existing accounts", async () => {
    expect((await admin.post("/api/invitations").send({ email: "not-an-email" })).body).toMatchObject({
      errors: { email: "Enter a valid email address" },
    });
    expect((await admin.post("/api/invitations").send({})).body.errors).toEqual({ email: "Email is required" });
    await invite("twice@example.com");
    const again = await admin.post("/api/invitations").send({ email: "TWICE@example.com" });
    expect(again.status).toBe(409);
    const taken = await ctx.createUser({ email: "member@example.com" });
    expect(taken).toBeTruthy();
    expect((await admin.post("/api/invitations").send({ email: "member@example.com" })).status).toBe(409);
  });

  it("lists invitations for admins only, with links only on pending ones", async () => {
    const { agent: member } = await ctx.userAgent();
    expect((await member.get("/api/invitations")).status).toBe(403);
    expect((await member.post("/api/invitations").send({ email: "a@b.co" })).status).toBe(403);
    expect((await supertest(ctx.app).get("/api/invitations")).status).toBe(401);

    const inv = await invite("listed@example.com");
    await supertest.agent(ctx.app).post("/api/register").send({ username: "listed", password: TEST_PASSWORD, token: inv.token }).expect(201);
    const list = (await admin.get("/api/invitations").expect(200)).body as { email: string; status: string; inviteLink: string | null }[];
    const accepted = list.find((i) => i.email === "listed@example.com")!;
    expect(accepted.status).toBe("accepted");
    expect(accepted.inviteLink).toBeNull();
    expect(list.some((i) => i.status === "pending" && i.inviteLink)).toBe(true);
    expect(JSON.stringify(list)).not.toContain('"token"');
  });

  it("validates tokens", async () => {
    const inv = await invite("validate@example.com");
    expect((await supertest(ctx.app).get(`/api/invitations/validate/${inv.token}`)).body).toEqual({
      valid: true,
      email: "validate@example.com",
    });
    expect((await supertest(ctx.app).get("/api/invitations/validate/nope")).body).toEqual({ valid: false, email: null });
  });

  it("expires pending invitations after 7 days", async () => {
    const inv = await invite("old@example.com");
    await ctx.db.update(invitations).set({ createdAt: sql`now() - interval '8 days'` }).where(eq(invitations.id, inv.id));
    expect((await supertest(ctx.app).get(`/api/invitations/validate/${inv.token}`)).body.valid).toBe(false);
    const list = (await admin.get("/api/invitations")).body as { id: number; status: string }[];
    expect(list.find((i) => i.id === inv.id)!.status).toBe("expired");
    const res = await supertest(ctx.app).post("/api/register").send({ username: "late", password: TEST_PASSWORD, token: inv.token });
    expect(res.status).toBe(400);
  });

  it("cancel deletes a pending invitation, so its link stops working", async () => {
    const inv = await invite("cancel@example.com");
    const { agent: member } = await ctx.userAgent();
    expect((await member.delete(`/api/invitations/${inv.id}`)).status).toBe(403);
    expect((await admin.delete(`/api/invitations/${inv.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/invitations/${inv.id}`)).status).toBe(404);
    expect((await admin.delete("/api/invitations/abc")).status).toBe(400);
    expect((await admin.delete("/api/invitations/99999999999")).status).toBe(404);
    expect((await supertest(ctx.app).get(`/api/invitations/validate/${inv.token}`)).body.valid).toBe(false);
  });
});

describe("registration", () => {
  it("registers with a pending token, signs the user in, takes the invitation's email", async () => {
    const inv = await invite("joiner@example.com");
    const agent = supertest.agent(ctx.app);
    const res = await agent.post("/api/register").send({ username: "joiner", password: TEST_PASSWORD, token: inv.token });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: "joiner", email: "joiner@example.com", isAdmin: false });
    expect((await agent.get("/api/user")).body.username).toBe("joiner");
  });

  it("uses a token once, even when two registrations race", async () => {
    const inv = await invite("race@example.com");
    const results = await Promise.all(
      ["racer1", "racer2"].map((username) =>
        supertest(ctx.app).post("/api/register").send({ username, password: TEST_PASSWORD, token: inv.token }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    const loser = results.find((r) => r.status === 400)!;
    expect(loser.body.message).toBe("This invitation link is invalid or has already been used.");
  });

  it("refuses a taken username (any case) and keeps the invitation usable", async () => {
    await ctx.createUser({ username: "Taken" });
    const inv = await invite("second@example.com");
    const res = await supertest(ctx.app).post("/api/register").send({ username: "taken", password: TEST_PASSWORD, token: inv.token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("That username is already taken. Please choose another.");
    expect((await supertest(ctx.app).get(`/api/invitations/validate/${inv.token}`)).body.valid).toBe(true);
  });

  it("refuses weak or missing fields, naming them", async () => {
    const res = await supertest(ctx.app).post("/api/register").send({ username: "bad name!", password: "short" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(["password", "token", "username"]);
    const long = await supertest(ctx.app).post("/api/register").send({ username: "x", password: "a".repeat(300), token: "t" });
    expect(long.body.errors.password).toBe("Password must be at most 256 characters");
  });
});

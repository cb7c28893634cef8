import { count, eq } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../../shared/constants.js";
import { settings } from "../../db/tables.js";
import { createTestContext, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const rowsFor = async (userId: number) =>
  (await ctx.db.select({ n: count() }).from(settings).where(eq(settings.userId, userId)))[0].n;

describe("GET /api/settings", () => {
  it("answers the spec's defaults on first read, and only the six settings plus the mention-email choice", async () => {
    const { agent } = await ctx.userAgent();
    const res = await agent.get("/api/settings").expect(200);
    expect(res.body).toEqual({
      singleColor: "#9CA3AF",
      doubleColor: "#3B82F6",
      tripleColor: "#10B981",
      homerunColor: "#EF4444",
      grandSlamColor: "#FFD700",
      enableCardShadow: true,
      mentionEmail: "immediate",
    });
    expect(res.body).toEqual(DEFAULT_SETTINGS);
  });

  it("creates one row however many first reads race", async () => {
    const { user, agent } = await ctx.userAgent();
    const replies = await Promise.all([1, 2, 3, 4].map(() => agent.get("/api/settings")));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await rowsFor(user.id)).toBe(1);
  });

  it("turns the logged-out away", async () => {
    expect((await supertest(ctx.app).get("/api/settings")).status).toBe(401);
    expect((await supertest(ctx.app).patch("/api/settings").send({ singleColor: "#000000" })).status).toBe(401);
  });
});

describe("PATCH /api/settings", () => {
  it("changes only the fields sent and keeps them", async () => {
    const { agent } = await ctx.userAgent();
    await agent.get("/api/settings").expect(200);
    const res = await agent.patch("/api/settings").send({ singleColor: "#abcdef", enableCardShadow: false }).expect(200);
    expect(res.body).toEqual({ ...DEFAULT_SETTINGS, singleColor: "#abcdef", enableCardShadow: false });
    expect((await agent.get("/api/settings")).body).toEqual(res.body);
  });

  it("works before any read, starting from the defaults", async () => {
    const { user, agent } = await ctx.userAgent();
    const res = await agent.patch("/api/settings").send({ grandSlamColor: "#000000" }).expect(200);
    expect(res.body).toEqual({ ...DEFAULT_SETTINGS, grandSlamColor: "#000000" });
    expect(await rowsFor(user.id)).toBe(1);
  });

  it("answers the current settings for an empty patch", async () => {
    const { agent } = await ctx.userAgent();
    expect((await agent.patch("/api/settings").send({}).expect(200)).body).toEqual(DEFAULT_SETTINGS);
  });

  it("never touches another user's settings, whatever the body says", async () => {
    const one = await ctx.userAgent();
    const two = await ctx.userAgent({ isAdmin: true });
    await two.agent.patch("/api/settings").send({ doubleColor: "#111111" }).expect(200);
    await one.agent.patch("/api/settings").send({ doubleColor: "#222222", userId: two.user.id, id: 1 }).expect(200);
    expect((await two.agent.get("/api/settings")).body.doubleColor).toBe("#111111");
    expect((await one.agent.get("/api/settings")).body.doubleColor).toBe("#222222");
  });

  it.each([
    ["short colour", { singleColor: "#12345" }, "singleColor", "Single colour must be a colour like #RRGGBB"],
    ["named colour", { doubleColor: "red" }, "doubleColor", "Double colour must be a colour like #RRGGBB"],
    ["non-hex colour", { homerunColor: "#GGGGGG" }, "homerunColor", "Homerun colour must be a colour like #RRGGBB"],
    ["colour with extra text", { tripleColor: "#123456;x" }, "tripleColor", "Triple colour must be a colour like #RRGGBB"],
    ["non-boolean border", { enableCardShadow: "yes" }, "enableCardShadow", "enableCardShadow must be true or false"],
  ])("refuses a %s, naming the field, and changes nothing", async (_case, body, field, message) => {
    const { agent } = await ctx.userAgent();
    await agent.patch("/api/settings").send({ singleColor: "#010101" }).expect(200);
    const res = await agent.patch("/api/settings").send({ ...body, grandSlamColor: "#020202" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ [field]: message });
    expect((await agent.get("/api/settings")).body).toEqual({ ...DEFAULT_SETTINGS, singleColor: "#010101" });
  });
});

describe("mention email choice", () => {
  it("defaults to right away, takes off and digest, and refuses anything else", async () => {
    const { agent } = await ctx.userAgent();
    expect((await agent.patch("/api/settings").send({ mentionEmail: "digest" }).expect(200)).body.mentionEmail).toBe("digest");
    expect((await agent.patch("/api/settings").send({ mentionEmail: "off" }).expect(200)).body.mentionEmail).toBe("off");
    const bad = await agent.patch("/api/settings").send({ mentionEmail: "hourly" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ mentionEmail: "Choose Off, Right away or Daily digest" });
    expect((await agent.get("/api/settings")).body.mentionEmail).toBe("off");
  });
});

import { count, eq } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicUser } from "../../../shared/schema.js";
import type { SavedViewDto } from "../../../shared/saved-views.js";
import { auditEvents } from "../../db/tables.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";

type Person = { user: PublicUser; agent: TestClient };
let ctx: TestContext;
let admin: Person;
let agent: Person;
let otherAgent: Person;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.userAgent({ username: "boss", isAdmin: true });
  agent = await ctx.userAgent({ username: "agent007" });
  otherAgent = await ctx.userAgent({ username: "agent008" });
});
afterAll(() => ctx.close());

let made = 0;
const save = async (who: Person, body: Partial<{ name: string; query: string; scope: string }> = {}) =>
  (await who.agent.post("/api/views").send({ name: `View ${++made}`, query: "type=Retail", scope: "personal", ...body }).expect(201)).body as SavedViewDto;
const views = async (who: Person) => (await who.agent.get("/api/views").expect(200)).body as SavedViewDto[];
const entries = async (kind: string) => (await ctx.db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.kind, kind)))[0].n;
const lockedTeamView = async () => {
  const view = await save(admin, { scope: "team" });
  await admin.agent.patch(`/api/views/${view.id}`).send({ locked: true }).expect(200);
  return view;
};

describe("saving a view", () => {
  it("stores the name, query and scope, answered with the view, and logs it", async () => {
    const before = await entries("view.created");
    const res = await agent.agent.post("/api/views").send({ name: "  Big retail ", query: "?type=Retail&minPrice=500000&sort=price-desc&view=list", scope: "team" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: "Big retail",
      query: "type=Retail&minPrice=500000&sort=price-desc&view=list",
      scope: "team",
      locked: false,
      ownerId: agent.user.id,
      isDefault: false,
    });
    expect(await entries("view.created")).toBe(before + 1);
  });

  it("refuses a query the lists do not understand, naming the parameter, and saves nothing", async () => {
    const before = await views(agent);
    const cases: [string, string][] = [
      ["colour=red", 'Unknown view parameter "colour"'],
      ["listingId=abc", 'Unknown view parameter "listingId"'],
      ["type=Castle", 'The view parameter "type" must be one of'],
      ["minPrice=-5", 'The view parameter "minPrice" must be a number of 0 or more'],
      ["sort=price-up", 'The view parameter "sort" must be one of'],
      ["starred=yes", 'The view parameter "starred" must be 1'],
      ["agent=bob", 'The view parameter "agent" must be an agent id, "mine" or "unassigned"'],
      ["type=Retail&type=Office", 'The view parameter "type" is given twice'],
      ["cols=price,bogus", 'The view parameter "cols" must be columns from'],
      ["cols=price,price", 'The view parameter "cols" must be columns from'],
      ["sort=capRate-up", 'The view parameter "sort" must be one of'],
    ];
    for (const [query, message] of cases) {
      const res = await agent.agent.post("/api/views").send({ name: "Bad", query, scope: "personal" });
      expect(res.status, query).toBe(400);
      expect(res.body.errors.query, query).toContain(message);
    }
    expect(await views(agent)).toEqual(before);
  });

  it("keeps the table's columns and a column's sort", async () => {
    const res = await agent.agent.post("/api/views").send({ name: "By cap rate", query: "view=list&sort=capRate-desc&cols=price,capRate,updated", scope: "personal" });
    expect(res.status).toBe(201);
    expect(res.body.query).toBe("view=list&sort=capRate-desc&cols=price,capRate,updated");
    const nameOnly = await agent.agent.patch(`/api/views/${res.body.id}`).send({ query: "view=list&cols=" });
    expect(nameOnly.status).toBe(200);
    expect(nameOnly.body.query).toBe("view=list&cols=");
  });

  it("refuses names over 80 characters, blank names, unknown scopes and unknown fields", async () => {
    const long = await agent.agent.post("/api/views").send({ name: "x".repeat(81), query: "", scope: "personal" });
    expect(long.status).toBe(400);
    expect(long.body.errors.name).toBe("Name must be at most 80 characters");
    expect((await agent.agent.post("/api/views").send({ name: "x".repeat(80), query: "", scope: "personal" })).status).toBe(201);
    const blank = await agent.agent.post("/api/views").send({ name: " ", query: "", scope: "personal" });
    expect(blank.body.errors.name).toBe("Name is required");
    const scope = await agent.agent.post("/api/views").send({ name: "Odd", query: "", scope: "everyone" });
    expect(scope.body.errors.scope).toBe('Scope must be "personal" or "team"');
    expect((await agent.agent.post("/api/views").send({ name: "Odd", query: "", scope: "team", locked: true })).status).toBe(400);
    expect((await views(agent)).some((v) => v.name === "Odd")).toBe(false);
  });

  it("keeps names unique per scope, ignoring case: per person for personal views, across the team for team views", async () => {
    await save(agent, { name: "Offices" });
    const again = await agent.agent.post("/api/views").send({ name: "OFFICES", query: "", scope: "personal" });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('You already have a view named "OFFICES"');
    await save(otherAgent, { name: "Offices" });
    await save(agent, { name: "Offices", scope: "team" });
    const team = await admin.agent.post("/api/views").send({ name: "offices", query: "", scope: "team" });
    expect(team.status).toBe(400);
    expect(team.body.message).toBe('The team already has a view named "offices"');
    const renamed = await save(agent, { name: "Renamed later" });
    const clash = await agent.agent.patch(`/api/views/${renamed.id}`).send({ name: "offices" });
    expect(clash.status).toBe(400);
    expect((await views(agent)).find((v) => v.id === renamed.id)!.name).toBe("Renamed later");
  });

  it("keeps one of two saves of the same name made at the same moment, refusing the other with a 400", async () => {
    const body = { name: "Raced", query: "", scope: "team" };
    const answers = await Promise.all([agent.agent.post("/api/views").send(body), otherAgent.agent.post("/api/views").send(body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect((await views(admin)).filter((v) => v.name === "Raced")).toHaveLength(1);
  });
});

describe("listing views", () => {
  it("shows each member their own personal views and every team view, team views first", async () => {
    const mine = await save(agent, { name: "aaa mine" });
    const theirs = await save(otherAgent, { name: "aaa theirs" });
    const team = await save(otherAgent, { name: "zzz team", scope: "team" });
    const list = await views(agent);
    const ids = list.map((v) => v.id);
    expect(ids).toContain(mine.id);
    expect(ids).toContain(team.id);
    expect(ids).not.toContain(theirs.id);
    expect(list.findIndex((v) => v.scope === "personal")).toBeGreaterThan(list.findLastIndex((v) => v.scope === "team"));
    expect((await views(admin)).map((v) => v.id)).not.toContain(mine.id);
  });

  it("is for signed-in members only", async () => {
    expect((await supertest(ctx.app).get("/api/views")).status).toBe(401);
  });
});

describe("changing a view", () => {
  it("lets the owner rename and re-query a personal view, logging what changed", async () => {
    const view = await save(agent, { query: "type=Retail" });
    const before = await entries("view.edited");
    const res = await agent.agent.patch(`/api/views/${view.id}`).send({ name: "Offices for sale", query: "type=Office&offering=Sell" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: view.id, name: "Offices for sale", query: "type=Office&offering=Sell" });
    expect(await entries("view.edited")).toBe(before + 1);
    const [entry] = await ctx.db.select().from(auditEvents).where(eq(auditEvents.kind, "view.edited")).orderBy(auditEvents.id).limit(1).offset(before);
    expect(entry.data!.changes).toEqual({ name: [view.name, "Offices for sale"], query: ["type=Retail", "type=Office&offering=Sell"] });
  });

  it("refuses an empty change, a bad query and an unknown field, changing nothing", async () => {
    const view = await save(agent);
    expect((await agent.agent.patch(`/api/views/${view.id}`).send({})).body.message).toBe("Send a name, query, locked or isDefault to change");
    expect((await agent.agent.patch(`/api/views/${view.id}`).send({ query: "zoom=3" })).body.errors.query).toBe('Unknown view parameter "zoom"');
    expect((await agent.agent.patch(`/api/views/${view.id}`).send({ scope: "team" })).status).toBe(400);
    expect((await views(agent)).find((v) => v.id === view.id)).toEqual(view);
  });

  it("refuses another member's personal view to everyone else, admins included", async () => {
    const view = await save(agent);
    for (const who of [otherAgent, admin]) {
      const res = await who.agent.patch(`/api/views/${view.id}`).send({ name: "Taken over" });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("That view is another member's personal view");
      expect((await who.agent.patch(`/api/views/${view.id}`).send({ isDefault: true })).status).toBe(403);
      expect((await who.agent.delete(`/api/views/${view.id}`)).status).toBe(403);
    }
    expect((await views(agent)).find((v) => v.id === view.id)).toEqual(view);
  });

  it("lets any member change an unlocked team view", async () => {
    const view = await save(agent, { scope: "team" });
    expect((await otherAgent.agent.patch(`/api/views/${view.id}`).send({ query: "stage=Closed" })).status).toBe(200);
  });

  it("lets only admins lock and unlock, and only team views", async () => {
    const view = await save(agent, { scope: "team" });
    const refused = await agent.agent.patch(`/api/views/${view.id}`).send({ locked: true });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Only admins can lock or unlock a view");
    expect((await admin.agent.patch(`/api/views/${view.id}`).send({ locked: true })).body.locked).toBe(true);
    expect((await agent.agent.patch(`/api/views/${view.id}`).send({ locked: false })).status).toBe(403);
    expect((await views(agent)).find((v) => v.id === view.id)!.locked).toBe(true);
    const personal = await save(admin);
    const res = await admin.agent.patch(`/api/views/${personal.id}`).send({ locked: true });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Only team views can be locked");
  });

  it("keeps a locked team view from members' changes and deletion, while admins still change it", async () => {
    const view = await lockedTeamView();
    const before = await entries("view.edited");
    for (const body of [{ name: "Mine now" }, { query: "type=Office" }]) {
      const res = await agent.agent.patch(`/api/views/${view.id}`).send(body);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("This view is locked: only admins change it. Save a personal copy instead.");
    }
    expect((await agent.agent.delete(`/api/views/${view.id}`)).status).toBe(403);
    expect(await entries("view.edited")).toBe(before);
    expect((await views(agent)).find((v) => v.id === view.id)).toMatchObject({ name: view.name, query: view.query, locked: true });
    // A member can still keep a personal copy under the same name.
    await save(agent, { name: view.name, query: view.query });
    expect((await admin.agent.patch(`/api/views/${view.id}`).send({ name: "Admins' pick" })).status).toBe(200);
  });

  it("answers 400 for malformed ids and 404 for ids that name nothing", async () => {
    expect((await agent.agent.patch("/api/views/abc").send({ name: "x" })).body.message).toBe("View id must be a positive whole number");
    expect((await agent.agent.delete("/api/views/0")).status).toBe(400);
    const missing = await agent.agent.patch("/api/views/999999").send({ name: "x" });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("View not found");
    expect((await agent.agent.delete("/api/views/999999")).status).toBe(404);
  });
});

describe("the default view", () => {
  it("is each person's own: one at a time, open on a locked team view, and logged", async () => {
    const locked = await lockedTeamView();
    const mine = await save(agent);
    const before = await entries("view.edited");
    expect((await agent.agent.patch(`/api/views/${locked.id}`).send({ isDefault: true })).body.isDefault).toBe(true);
    expect(await entries("view.edited")).toBe(before + 1);
    expect((await views(agent)).filter((v) => v.isDefault).map((v) => v.id)).toEqual([locked.id]);
    expect((await views(otherAgent)).find((v) => v.id === locked.id)!.isDefault).toBe(false);
    await agent.agent.patch(`/api/views/${mine.id}`).send({ isDefault: true }).expect(200);
    expect((await views(agent)).filter((v) => v.isDefault).map((v) => v.id)).toEqual([mine.id]);
    // Setting again changes nothing and writes nothing.
    const again = await entries("view.edited");
    await agent.agent.patch(`/api/views/${mine.id}`).send({ isDefault: true }).expect(200);
    expect(await entries("view.edited")).toBe(again);
    await agent.agent.patch(`/api/views/${mine.id}`).send({ isDefault: false }).expect(200);
    expect((await views(agent)).some((v) => v.isDefault)).toBe(false);
  });

  it("goes with its view when the view is deleted", async () => {
    const view = await save(otherAgent);
    await otherAgent.agent.patch(`/api/views/${view.id}`).send({ isDefault: true }).expect(200);
    const before = await entries("view.deleted");
    expect((await otherAgent.agent.delete(`/api/views/${view.id}`)).status).toBe(204);
    expect(await entries("view.deleted")).toBe(before + 1);
    expect((await views(otherAgent)).some((v) => v.isDefault || v.id === view.id)).toBe(false);
  });
});

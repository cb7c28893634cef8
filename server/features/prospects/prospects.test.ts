// The prospect pipeline's routes: adding (a known lead,
// or a person joined to the lead with that email), moving with a note, removing; the bad input
// that changes nothing; the entries on the listing's timeline and the lead's activity; the event
// every open screen hears; the last of two moves standing; the follow-ups and their rule.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, leadListings, leads } from "../../db/tables.js";
import { listenOnLoopback, openStream } from "../../test/event-stream.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
let member: TestClient;
let other: TestClient;
let admin: TestClient;
let server: Awaited<ReturnType<typeof listenOnLoopback>>;
let base: string;
beforeAll(async () => {
  ctx = await createTestContext();
  member = (await ctx.userAgent()).agent;
  other = (await ctx.userAgent()).agent;
  admin = (await ctx.userAgent({ isAdmin: true })).agent;
  server = await listenOnLoopback(ctx.app);
  base = server.base;
});
afterAll(async () => {
  await ctx.close();
  await server.close();
});

let n = 0;
const email = () => `prospect${++n}.${Math.random().toString(36).slice(2, 7)}@example.com`;
const person = (overrides: Record<string, unknown> = {}) => ({ name: "Robin Buyer", email: email(), phone: "412-555-0100", company: "Robin Holdings", role: "principal", ...overrides });

/** Everything the pipeline writes, to show that a refused request changed nothing. */
async function snapshot() {
  const [l, ll, a] = await Promise.all([
    ctx.db.select().from(leads).orderBy(leads.id),
    ctx.db.select().from(leadListings).orderBy(leadListings.leadId, leadListings.listingId),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents),
  ]);
  return JSON.stringify({ l, ll, a });
}

async function withProspect(overrides: Record<string, unknown> = {}) {
  const listing = await createListing(ctx.db, { listingName: `Pipeline ${++n}` });
  const prospect = (await member.post(`/api/listings/${listing.id}/prospects`).send(person(overrides)).expect(201)).body;
  return { listing, prospect };
}

describe("POST /api/listings/:id/prospects", () => {
  it("adds a person as a new lead at the first stage, source manual, in the list's shape", async () => {
    const listing = await createListing(ctx.db);
    const input = person();
    const res = await member.post(`/api/listings/${listing.id}/prospects`).send(input).expect(201);
    expect(res.body).toMatchObject({ name: "Robin Buyer", email: input.email, phone: "412-555-0100", company: "Robin Holdings", role: "principal", stage: "inquired", source: "manual" });
    const list = (await member.get(`/api/listings/${listing.id}/prospects`).expect(200)).body;
    expect(list).toEqual([res.body]);
    const [lead] = await ctx.db.select().from(leads).where(eq(leads.id, res.body.leadId));
    expect(lead.source).toBe("manual");
    const activity = (await member.get(`/api/listings/${listing.id}/activity`).expect(200)).body.entries;
    expect(activity[0]).toMatchObject({ kind: "listing.prospect-added", details: expect.anything() });
  });

  it("joins the existing lead with the same email in any case, and takes a known lead by id", async () => {
    const { prospect } = await withProspect({ name: "First Name", company: null });
    const second = await createListing(ctx.db);
    const res = await member.post(`/api/listings/${second.id}/prospects`).send(person({ name: "Other Name", email: prospect.email.toUpperCase(), company: "Filled Co" })).expect(201);
    expect(res.body).toMatchObject({ leadId: prospect.leadId, name: "First Name", company: "Filled Co" });
    const third = await createListing(ctx.db);
    expect((await member.post(`/api/listings/${third.id}/prospects`).send({ leadId: prospect.leadId }).expect(201)).body.leadId).toBe(prospect.leadId);
    const lead = (await member.get(`/api/leads/${prospect.leadId}`).expect(200)).body;
    expect(lead.listings).toHaveLength(3);
  });

  it.each([
    ["a bad email", () => person({ email: "not-an-email" }), 400, /valid email/],
    ["no name", () => person({ name: "" }), 400, /name/i],
    ["an unknown role", () => person({ role: "spy" }), 400, /principal, broker, tenant or other/],
    ["an extra field", () => person({ stage: "offer" }), 400, /stage/],
    ["a lead id that is not a number", () => ({ leadId: "seven" }), 400, /lead's number/],
    ["a lead id that does not exist", () => ({ leadId: 99999999 }), 404, /Lead not found/],
  ])("refuses %s with a message and changes nothing", async (_case, body, status, message) => {
    const listing = await createListing(ctx.db);
    const before = await snapshot();
    const res = await member.post(`/api/listings/${listing.id}/prospects`).send(body());
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(message);
    expect(await snapshot()).toBe(before);
  });

  it("answers 404 for an unknown listing and 409 for a lead already there, changing nothing", async () => {
    const { listing, prospect } = await withProspect();
    const before = await snapshot();
    expect((await member.post("/api/listings/no-such-listing/prospects").send(person()).expect(404)).body.message).toBe("Listing not found");
    const again = await member.post(`/api/listings/${listing.id}/prospects`).send(person({ email: prospect.email })).expect(409);
    expect(again.body.message).toBe("Robin Buyer is already a prospect of this listing");
    expect(await snapshot()).toBe(before);
  });
});

describe("PATCH /api/listings/:id/prospects/:leadId", () => {
  it("moves the prospect with a note: an entry on the listing's timeline and on the lead's activity", async () => {
    const { listing, prospect } = await withProspect();
    const res = await member.patch(`/api/listings/${listing.id}/prospects/${prospect.leadId}`).send({ stage: "toured", note: "Walked the warehouse" }).expect(200);
    expect(res.body).toMatchObject({ leadId: prospect.leadId, stage: "toured" });
    expect(Date.parse(res.body.lastActivityAt)).toBeGreaterThanOrEqual(Date.parse(prospect.lastActivityAt));
    const [entry] = (await member.get(`/api/listings/${listing.id}/activity`).expect(200)).body.entries;
    expect(entry).toMatchObject({ kind: "listing.prospect-moved", changes: { stage: ["inquired", "toured"] } });
    const lead = (await member.get(`/api/leads/${prospect.leadId}`).expect(200)).body;
    expect(lead.activity[0]).toMatchObject({ kind: "listing.prospect-moved", listingId: listing.id, text: `Moved from Inquired to Toured on ${listing.listingName}: Walked the warehouse` });
    expect(lead.listings[0].stage).toBe("toured");
  });

  it("writes a note alone at the same stage as its own entry, and nothing for no change", async () => {
    const { listing, prospect } = await withProspect();
    const path = `/api/listings/${listing.id}/prospects/${prospect.leadId}`;
    await member.patch(path).send({ stage: "inquired", note: "Left a voicemail" }).expect(200);
    expect((await member.get(`/api/leads/${prospect.leadId}`)).body.activity[0].text).toBe(`Note on ${listing.listingName}: Left a voicemail`);
    const before = await snapshot();
    await member.patch(path).send({ stage: "inquired" }).expect(200);
    expect(await snapshot()).toBe(before);
  });

  it.each([
    ["an unknown stage", (p: string) => ({ path: p, body: { stage: "won" } }), 400, /Choose one of the stages/],
    ["no stage", (p: string) => ({ path: p, body: { note: "hi" } }), 400, /Choose one of the stages/],
    ["a note too long", (p: string) => ({ path: p, body: { stage: "offer", note: "x".repeat(2001) } }), 400, /at most 2000/],
    ["a lead that does not exist", (p: string) => ({ path: p.replace(/\/\d+$/, "/99999999"), body: { stage: "offer" } }), 404, /^Lead not found$/],
    ["a lead id that is not a number", (p: string) => ({ path: p.replace(/\/\d+$/, "/abc"), body: { stage: "offer" } }), 404, /^Lead not found$/],
    ["an unknown listing", (p: string) => ({ path: p.replace(/listings\/[^/]+/, "listings/nope"), body: { stage: "offer" } }), 404, /^Listing not found$/],
  ])("refuses %s with a message and changes nothing", async (_case, make, status, message) => {
    const { listing, prospect } = await withProspect();
    const { path, body } = make(`/api/listings/${listing.id}/prospects/${prospect.leadId}`);
    const before = await snapshot();
    const res = await member.patch(path).send(body);
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(message);
    expect(await snapshot()).toBe(before);
  });

  it("refuses a lead that is a prospect of another listing only: 404, nothing changed", async () => {
    const { prospect } = await withProspect();
    const elsewhere = await createListing(ctx.db);
    const before = await snapshot();
    const res = await member.patch(`/api/listings/${elsewhere.id}/prospects/${prospect.leadId}`).send({ stage: "offer" }).expect(404);
    expect(res.body.message).toBe("This lead is not a prospect of this listing");
    await member.delete(`/api/listings/${elsewhere.id}/prospects/${prospect.leadId}`).expect(404);
    expect(await snapshot()).toBe(before);
  });

  it("tells every open screen within the event stream, and the last of two moves stands", async () => {
    const { listing, prospect } = await withProspect();
    const login = async (agent: TestClient) => {
      const cookie = (await agent.get("/api/user")).request.cookies;
      return openStream(base, cookie);
    };
    const watcher = await login(other);
    const path = `/api/listings/${listing.id}/prospects/${prospect.leadId}`;
    await Promise.all([member.patch(path).send({ stage: "offer" }).expect(200), other.patch(path).send({ stage: "toured" }).expect(200)]);
    await watcher.next((e) => e.event === "prospects" && (e.data as { listingId?: string }).listingId === listing.id);
    watcher.close();
    // Both moves were written in turn: the stage is the one of the move written last.
    const moves = await ctx.db
      .select({ data: auditEvents.data })
      .from(auditEvents)
      .where(sql`${auditEvents.kind} = 'listing.prospect-moved' and ${auditEvents.listingId} = ${listing.id}`)
      .orderBy(auditEvents.id);
    const last = (moves.at(-1)!.data as { changes: { stage: [string, string] } }).changes.stage[1];
    expect((await member.get(`/api/listings/${listing.id}/prospects`)).body[0].stage).toBe(last);
    expect(moves.length).toBeGreaterThanOrEqual(1);
  });
});

describe("DELETE /api/listings/:id/prospects/:leadId", () => {
  it("removes the prospect, keeps the lead, and says so on both timelines", async () => {
    const { listing, prospect } = await withProspect();
    await member.delete(`/api/listings/${listing.id}/prospects/${prospect.leadId}`).expect(204);
    expect((await member.get(`/api/listings/${listing.id}/prospects`)).body).toEqual([]);
    const lead = (await member.get(`/api/leads/${prospect.leadId}`).expect(200)).body;
    expect(lead.activity[0].text).toBe(`Removed from the prospects of ${listing.listingName}`);
    expect((await member.get(`/api/listings/${listing.id}/activity`)).body.entries[0].kind).toBe("listing.prospect-removed");
    const before = await snapshot();
    expect((await member.delete(`/api/listings/${listing.id}/prospects/${prospect.leadId}`).expect(404)).body.message).toBe("This lead is not a prospect of this listing");
    expect((await member.delete(`/api/listings/${listing.id}/prospects/99999999`).expect(404)).body.message).toBe("Lead not found");
    expect(await snapshot()).toBe(before);
  });
});

describe("follow-ups", () => {
  const quietFor = (leadId: number, listingId: string, days: number) =>
    ctx.db.execute(sql`update lead_listings set last_activity_at = now() - make_interval(days => ${days}) where lead_id = ${leadId} and listing_id = ${listingId}`);

  it("lists prospects quiet for the team's days, not closed or lost, and a move takes one off", async () => {
    const quiet = await withProspect({ name: "Quiet Quinn" });
    const recent = await withProspect({ name: "Recent Rae" });
    const lost = await withProspect({ name: "Lost Lou" });
    await member.patch(`/api/listings/${lost.listing.id}/prospects/${lost.prospect.leadId}`).send({ stage: "lost" }).expect(200);
    await quietFor(quiet.prospect.leadId, quiet.listing.id, 8);
    await quietFor(recent.prospect.leadId, recent.listing.id, 6);
    await quietFor(lost.prospect.leadId, lost.listing.id, 30);
    const names = async () => ((await member.get("/api/prospects/follow-ups").expect(200)).body.followUps as { name: string }[]).map((f) => f.name);
    expect(await names()).toContain("Quiet Quinn");
    expect(await names()).not.toContain("Recent Rae");
    expect(await names()).not.toContain("Lost Lou");
    const [item] = ((await member.get("/api/prospects/follow-ups")).body.followUps as { leadId: number }[]).filter((f) => f.leadId === quiet.prospect.leadId);
    expect(Object.keys(item).sort()).toEqual(["company", "lastActivityAt", "latestMessage", "leadId", "listingId", "listingName", "name", "stage"]);

    await admin.put("/api/settings/follow-up").send({ days: 5 }).expect(200);
    expect(await names()).toContain("Recent Rae");
    await member.patch(`/api/listings/${recent.listing.id}/prospects/${recent.prospect.leadId}`).send({ stage: "contacted" }).expect(200);
    expect(await names()).not.toContain("Recent Rae");
    await admin.put("/api/settings/follow-up").send({ days: 7 }).expect(200);
  });

  it("lets admins set the days, 1 to 90, and nobody else", async () => {
    expect((await member.get("/api/settings/follow-up").expect(200)).body).toEqual({ days: 7 });
    expect((await member.put("/api/settings/follow-up").send({ days: 10 }).expect(403)).body.message).toBe("Only admins can do that");
    for (const days of [0, 91, 2.5, "7"]) {
      const res = await admin.put("/api/settings/follow-up").send({ days }).expect(400);
      expect(res.body.errors).toEqual({ days: "Days must be a whole number from 1 to 90" });
    }
    expect((await admin.put("/api/settings/follow-up").send({ days: 90 }).expect(200)).body).toEqual({ days: 90 });
    expect((await member.get("/api/settings/follow-up")).body).toEqual({ days: 90 });
    await admin.put("/api/settings/follow-up").send({ days: 7 }).expect(200);
  });
});

// Inquiries through a public page, and the leads they make: the form and JSON paths, bad
// fields, the honeypot, the rate limit, merging by email, the alerts, and text kept as text.
import { eq } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PROSPECT_STAGES } from "../../../shared/leads.js";
import { inquiries, jobs, leads, notifications, rateLimitCounters } from "../../db/tables.js";
import type { BusMessage } from "../../events/change-bus.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { SEND_MAIL } from "../mail/service.js";

let ctx: TestContext;
let member: TestClient;
let admin: { user: { id: number }; agent: TestClient };
beforeAll(async () => {
  ctx = await createTestContext({ sendsMail: true });
  member = (await ctx.userAgent()).agent;
  admin = await ctx.userAgent({ isAdmin: true });
});
afterAll(() => ctx.close());
// Every request here comes from 127.0.0.1: each test starts with that address's count at zero.
beforeEach(async () => {
  await ctx.db.delete(rateLimitCounters);
});

const anonymous = () => supertest(ctx.app);
const XSS = `<img src=x onerror="alert(1)"><script>alert(2)</script>`;

async function publishedListing(name = `Inquiry Listing ${Math.random().toString(36).slice(2, 7)}`) {
  const listing = await createListing(ctx.db, { listingName: name });
  const res = await member.put(`/api/listings/${listing.id}/publication`).send({ published: true }).expect(200);
  return { listing, path: new URL(res.body.url).pathname };
}

const valid = (overrides: Record<string, string | boolean> = {}) => ({
  name: "Pat Buyer",
  email: `pat${Math.random().toString(36).slice(2, 8)}@example.com`,
  phone: "304-555-0142",
  company: "Buyer Holdings",
  role: "principal",
  message: "Is the roof new?",
  ...overrides,
});

describe("POST /l/:token/inquiries", () => {
  it("takes the form, answers 303 to the page's thank-you, and sets no cookie", async () => {
    const { listing, path } = await publishedListing();
    const input = valid({ exchange1031: "on" });
    const res = await anonymous().post(`${path}/inquiries`).type("form").send(input).expect(303);
    expect(res.headers.location).toBe(`${path}?sent=1#inquire`);
    expect(res.headers["set-cookie"]).toBeUndefined();
    const thanks = await anonymous().get(`${path}?sent=1`).expect(200);
    expect(thanks.text).toContain("Thank you. Your message was sent");
    const [row] = await ctx.db.select().from(inquiries).where(eq(inquiries.email, input.email as string));
    expect(row).toMatchObject({ listingId: listing.id, name: "Pat Buyer", role: "principal", message: "Is the roof new?", exchange1031: true });
  });

  it("takes JSON, answering 201 {ok: true}", async () => {
    const { path } = await publishedListing();
    const res = await anonymous().post(`${path}/inquiries`).send(valid()).expect(201);
    expect(res.body).toEqual({ ok: true });
  });

  it("answers bad fields with the page again, each message under its field, and the values kept; JSON with {message, errors}", async () => {
    const { path } = await publishedListing();
    const before = (await ctx.db.select().from(inquiries)).length;
    const page = await anonymous().post(`${path}/inquiries`).type("form").send({ name: "Pat", email: "not-an-email", role: "spy", message: "" }).expect(400);
    expect(page.text).toContain('<p class="error" id="e-email">Please enter a valid email address</p>');
    expect(page.text).toContain('<p class="error" id="e-role">Please choose what describes you</p>');
    expect(page.text).toContain('<p class="error" id="e-message">Please write a message</p>');
    expect(page.text).toContain('value="not-an-email"');
    const json = await anonymous().post(`${path}/inquiries`).send({ name: "", email: "x" }).expect(400);
    expect(json.body.message).toEqual(expect.any(String));
    expect(Object.keys(json.body.errors).sort()).toEqual(["email", "message", "name", "role"]);
    expect((await ctx.db.select().from(inquiries)).length).toBe(before);
  });

  it("thanks a bot that fills the honeypot and stores nothing", async () => {
    const { path } = await publishedListing();
    const input = valid({ website: "https://spam.example.com" });
    await anonymous().post(`${path}/inquiries`).type("form").send(input).expect(303);
    await anonymous().post(`${path}/inquiries`).send(input).expect(201);
    expect(await ctx.db.select().from(leads).where(eq(leads.email, input.email as string))).toEqual([]);
  });

  it("takes at most five a minute from one address, then answers 429 with a friendly page", async () => {
    const { path } = await publishedListing();
    for (let i = 0; i < 5; i += 1) await anonymous().post(`${path}/inquiries`).type("form").send(valid()).expect(303);
    const refused = await anonymous().post(`${path}/inquiries`).type("form").send(valid()).expect(429);
    expect(refused.headers["content-type"]).toMatch(/^text\/html/);
    expect(refused.text).toContain("Please wait a minute and try again.");
    await anonymous().post(`${path}/inquiries`).send(valid()).expect(429);
  });

  it("refuses past the limit before the body is read: broken JSON is answered 429, not 400", async () => {
    const { path } = await publishedListing();
    for (let i = 0; i < 5; i += 1) await anonymous().post(`${path}/inquiries`).send(valid()).expect(201);
    const broken = `{"name": "${"x".repeat(200_000)}`;
    const refused = await anonymous().post(`${path}/inquiries`).set("Content-Type", "application/json").send(broken).expect(429);
    expect(refused.body).toEqual({ message: "You have sent several messages in the last minute. Please wait a minute and try again." });
  });

  it("reads no body for a token with no page: broken JSON to an unknown token is 404, not 400", async () => {
    await anonymous().post("/l/AAAAAAAAAAAAAAAAAAAAAAAA/inquiries").set("Content-Type", "application/json").send('{"name":').expect(404);
  });

  it("refuses a stranger's 1 MB body with 413, storing nothing", async () => {
    const { path } = await publishedListing();
    const input = valid({ message: "m".repeat(1_000_000) });
    const res = await anonymous().post(`${path}/inquiries`).send(input).expect(413);
    expect(res.body).toEqual({ message: "The request is too large" });
    expect(await ctx.db.select().from(leads).where(eq(leads.email, input.email as string))).toEqual([]);
    // A form a person fills in fits with room to spare.
    await anonymous().post(`${path}/inquiries`).send(valid({ message: "m".repeat(4_000) })).expect((r) => expect(r.status).not.toBe(413));
  });

  it("answers an unpublished page's form 410 and an unknown token's 404, storing nothing", async () => {
    const { listing, path } = await publishedListing();
    await ctx.afterChange(() => member.put(`/api/listings/${listing.id}/publication`).send({ published: false }).expect(200));
    const input = valid();
    await anonymous().post(`${path}/inquiries`).send(input).expect(410);
    await anonymous().post("/l/AAAAAAAAAAAAAAAAAAAAAAAA/inquiries").send(input).expect(404);
    expect(await ctx.db.select().from(leads).where(eq(leads.email, input.email as string))).toEqual([]);
  });
});

describe("leads from inquiries", () => {
  it("joins the lead with the same email in any case, with each listing at the first stage", async () => {
    const a = await publishedListing("Alpha Building");
    const b = await publishedListing("Beta Building");
    const email = `Casey.${Math.random().toString(36).slice(2, 8)}@Example.com`;
    await anonymous().post(`${a.path}/inquiries`).send(valid({ name: "Casey", email, phone: "" })).expect(201);
    await anonymous().post(`${b.path}/inquiries`).send(valid({ name: "Casey", email: email.toLowerCase(), phone: "304-555-0177" })).expect(201);
    const found = (await member.get("/api/leads").query({ q: email.toUpperCase().slice(0, 12) }).expect(200)).body;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ name: "Casey", email, phone: "304-555-0177", source: "inquiry", role: "principal" });
    expect(found[0].listings.map((l: { listingName: string; stage: string }) => [l.listingName, l.stage])).toEqual([
      ["Alpha Building", "inquired"],
      ["Beta Building", "inquired"],
    ]);
    const detail = (await member.get(`/api/leads/${found[0].id}`).expect(200)).body;
    expect(detail.inquiries).toHaveLength(2);
    const prospects = (await member.get(`/api/listings/${a.listing.id}/prospects`).expect(200)).body;
    expect(prospects).toEqual([expect.objectContaining({ leadId: found[0].id, email, stage: "inquired", source: "inquiry" })]);
    const byListing = (await member.get("/api/leads").query({ listingId: b.listing.id }).expect(200)).body;
    expect(byListing.map((l: { id: number }) => l.id)).toEqual([found[0].id]);
  });

  it("takes every pipeline stage in the stage column", async () => {
    const { listing, path } = await publishedListing();
    const input = valid();
    await anonymous().post(`${path}/inquiries`).send(input).expect(201);
    const [lead] = await ctx.db.select().from(leads).where(eq(leads.email, input.email as string));
    for (const stage of PROSPECT_STAGES) {
      await ctx.database.db.execute(`update lead_listings set stage = '${stage}' where lead_id = ${lead.id}` as never);
      expect((await member.get(`/api/listings/${listing.id}/prospects`).expect(200)).body[0].stage).toBe(stage);
    }
    await expect(ctx.database.db.execute(`update lead_listings set stage = 'won' where lead_id = ${lead.id}` as never)).rejects.toThrow();
  });

  it("edits a lead's name, phone, company and role, logged, and refuses other fields", async () => {
    const { path } = await publishedListing();
    const input = valid();
    await anonymous().post(`${path}/inquiries`).send(input).expect(201);
    const [lead] = await ctx.db.select().from(leads).where(eq(leads.email, input.email as string));
    const res = await member.patch(`/api/leads/${lead.id}`).send({ company: "New Co", role: "broker" }).expect(200);
    expect(res.body).toMatchObject({ company: "New Co", role: "broker", email: input.email });
    await member.patch(`/api/leads/${lead.id}`).send({ email: "other@example.com" }).expect(400);
    await member.patch(`/api/leads/${lead.id}`).send({ role: "spy" }).expect(400);
    await member.patch("/api/leads/999999").send({ company: "X" }).expect(404);
  });
});

describe("who hears of an inquiry", () => {
  it("admins by default and agents who turn it on: through the bell, the bus and a mail that is safe to send", async () => {
    const agent = await ctx.userAgent();
    expect((await agent.agent.get("/api/settings/inquiry-alerts").expect(200)).body).toEqual({ enabled: false, myListings: true });
    expect((await admin.agent.get("/api/settings/inquiry-alerts").expect(200)).body).toEqual({ enabled: true, myListings: true });
    const quiet = await ctx.userAgent();
    await agent.agent.put("/api/settings/inquiry-alerts").send({ enabled: true }).expect(200);
    await ctx.db.delete(jobs);

    const { listing, path } = await publishedListing("Alerts Hall");
    const heard = new Promise<BusMessage>((resolve) => {
      const stop = ctx.changes.subscribe((m) => {
        if (m.type === "change" && m.change.kind === "notifications" && m.change.ids?.includes(admin.user.id)) {
          stop();
          resolve(m);
        }
      });
    });
    const input = valid({ name: `Eve\r\nBcc: victim@example.com ${XSS}`, message: `Hi ${XSS}` });
    await anonymous().post(`${path}/inquiries`).send(input).expect(201);
    await heard;

    const bell = await ctx.db.select().from(notifications).where(eq(notifications.listingId, listing.id));
    expect(bell.map((n) => n.userId).sort()).toEqual([admin.user.id, agent.user.id].sort());
    expect(bell.every((n) => n.type === "inquiry")).toBe(true);
    expect(bell.some((n) => n.userId === quiet.user.id)).toBe(false);

    const mails = (await ctx.db.select().from(jobs).where(eq(jobs.kind, SEND_MAIL))).map((j) => j.payload as { to: string; subject: string; text: string; html: string });
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.subject).toContain("Alerts Hall");
      expect(mail.html).not.toContain("<script>");
      expect(mail.html).not.toContain("<img src=x");
      expect(mail.html).toContain("&lt;script&gt;");
      expect(mail.text).not.toContain("Test Listing");
    }
  });

  it("shows inquiry text as text in the app's API and on the page", async () => {
    const { path } = await publishedListing();
    const input = valid({ message: XSS, company: XSS });
    await anonymous().post(`${path}/inquiries`).send(input).expect(201);
    const [lead] = await ctx.db.select().from(leads).where(eq(leads.email, input.email as string));
    const detail = (await member.get(`/api/leads/${lead.id}`).expect(200)).body;
    expect(detail.inquiries[0].message).toBe(XSS);
    // The CSV export neutralises what a spreadsheet would run.
    await anonymous().post(`${path}/inquiries`).send(valid({ name: "=HYPERLINK(\"http://evil.example.com\")", company: "@SUM(A1)" })).expect(201);
    const csv = (await member.get("/api/leads/export.csv").expect(200)).text;
    expect(csv.split("\r\n")[0]).toBe("Name,Email,Phone,Company,Role,Source,Created,Last Activity,Listings,Inquiries,1031 Exchange,Latest Message");
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example.com"")"`);
    expect(csv).toContain("'@SUM(A1)");
    // The page with errors echoes what was typed: escaped.
    const page = await anonymous().post(`${path}/inquiries`).type("form").send({ name: XSS, email: "bad" }).expect(400);
    expect(page.text).not.toContain("<script>alert(2)</script>");
    expect(page.text).toContain("&lt;script&gt;alert(2)&lt;/script&gt;");
  });
});

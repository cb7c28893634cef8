// Campaigns (docs/guides/campaigns.md) against a real SMTP server on loopback: who may send, the
// suppressions, one message per recipient with its own Message-ID and the two unsubscribe
// headers, pause and cancel, a run that dies mid-message, the unsubscribe door (POST opts out,
// GET never does), header injection and the body's sanitising.
import { and, eq, sql } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, brand, campaignRecipients, jobs, leads } from "../../db/tables.js";
import { createMailTransport } from "../../integrations/mail/mail-transport.js";
import { startTestSmtpServer, type TestSmtpServer } from "../../integrations/mail/test-smtp-server.js";
import { runDueJobs } from "../../jobs/worker.js";
import { createAgent, createListing, publishListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { TEST_SECRET } from "../../test/test-constants.js";
import type { PublicUser } from "../../../shared/schema.js";
import { mailJobHandlers } from "../mail/service.js";
import { sanitizeBody } from "./campaign-mail.js";
import { CAMPAIGN_SEND, campaignJobHandlers, NO_POSTAL_ADDRESS, perRun } from "./service.js";
import { unsubscribeToken } from "./recipient-tokens.js";

const ORIGIN = "https://desk.example.com";
const MAIL_FROM = "Desk Realty <desk@example.com>";
let ctx: TestContext;
let smtp: TestSmtpServer;
let admin: TestClient;
let agentUser: PublicUser;
let agent: TestClient;
let other: TestClient;
let handlers: ReturnType<typeof campaignJobHandlers>;
let handlersAt: (ratePerMinute: number) => ReturnType<typeof campaignJobHandlers>;
let clock = Date.now();

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({
    sendsMail: true,
    env: { TRUST_PROXY: false, AUTH_SCRYPT_COST: 12, ALLOWED_HOSTS: [".example.com"], PUBLIC_URL: ORIGIN, MAIL_FROM, CAMPAIGN_MAX_RECIPIENTS: 3 },
  });
  admin = (await ctx.userAgent({ isAdmin: true })).agent;
  ({ user: agentUser, agent } = await ctx.userAgent());
  other = (await ctx.userAgent()).agent;
  await ctx.db.insert(brand).values({ brokerageName: "Desk Realty", address: "1 Main St, Springfield, IL 62701" });
  const transport = createMailTransport({ smtpUrl: smtp.url, from: MAIL_FROM });
  handlersAt = (ratePerMinute) => ({ ...mailJobHandlers(transport), ...campaignJobHandlers({ transport, secret: TEST_SECRET, mailFrom: MAIL_FROM, trustedOrigin: async () => ORIGIN, ratePerMinute }) });
  handlers = handlersAt(6_000);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const unique = () => Math.random().toString(36).slice(2, 10);
async function contact(status = "subscribed", email = `c${unique()}@example.com`): Promise<number> {
  const [row] = await ctx.db.insert(leads).values({ name: `Casey ${unique()}`, email, role: "principal", source: "manual", status: status as "subscribed" }).returning({ id: leads.id });
  return row.id;
}
async function draft(client: TestClient, body: Record<string, unknown>) {
  return (await client.post("/api/campaigns").send({ name: "Spring mailing", subject: "A new listing", ...body }).expect(201)).body as { id: number; status: string };
}
/** Runs due jobs, a minute apart on the test's clock, until none is due. */
async function drain(using = handlers, limit = 20) {
  for (let i = 0; i < limit; i++) {
    clock += 60_000;
    const done = await runDueJobs(ctx.db, using, { now: new Date(clock) });
    if (done.done + done.failed === 0) return;
  }
}
const receivedBy = (email: string) => smtp.received.filter((m) => m.envelopeTo.includes(email));
const recipientsOf = (campaignId: number) => ctx.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId));

describe("sending a campaign", () => {
  it("mails each reachable contact once, with its own Message-ID, the two unsubscribe headers and the postal address", async () => {
    const ok = [await contact(), await contact()];
    const suppressed = [await contact("unsubscribed"), await contact("bounced"), await contact("complained"), await contact("subscribed", " ")];
    const c = await draft(admin, { body: "<p>Hello</p>", audience: { contactIds: [...ok, ...suppressed, ok[0]] } });
    const sent = await admin.post(`/api/campaigns/${c.id}/send`).send({}).expect(202);
    expect(sent.body).toMatchObject({ id: c.id, status: "sending", counts: { recipients: 2, delivered: 0 } });
    await drain();

    const rows = await recipientsOf(c.id);
    expect(rows.map((r) => r.leadId).sort()).toEqual([...ok].sort());
    const messages = rows.flatMap((r) => receivedBy(r.email));
    expect(messages).toHaveLength(2);
    const ids = new Set(messages.map((m) => m.parsed.messageId));
    expect(ids.size).toBe(2);
    for (const m of messages) {
      // Long headers are folded onto continuation lines; unfolded they read as one.
      const raw = m.raw.replace(/\r?\n[ \t]+/g, " ");
      const token = /List-Unsubscribe: <[^>]*\/u\/([^>\s]+)>/.exec(raw)?.[1];
      expect(token).toBeDefined();
      expect(raw).toMatch(new RegExp(`List-Unsubscribe: <${ORIGIN}/u/[0-9a-z]+\\.[A-Za-z0-9_-]{22}>, <mailto:desk@example.com\\?subject=unsubscribe`));
      expect(m.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      expect(m.parsed.text).toContain("1 Main St, Springfield, IL 62701");
      expect(m.parsed.html).toContain(`${ORIGIN}/u/${token}`);
    }
    const done = (await admin.get(`/api/campaigns/${c.id}`).expect(200)).body;
    expect(done).toMatchObject({ status: "sent", counts: { recipients: 2, delivered: 2, bounced: 0, unsubscribed: 0, clicks: 0, machineClicks: 0, inquiries: 0 } });
  });

  it("makes the default body a listing card from the listing", async () => {
    const listing = await createListing(ctx.db, { listingName: "Maple Plaza", propertyDescription: "Corner lot with signage. Fully leased to national tenants. New roof in 2024." });
    await publishListing(ctx.db, listing.id);
    const to = `card${unique()}@example.com`;
    const c = await draft(admin, { listingId: listing.id, audience: { contactIds: [await contact("subscribed", to)] } });
    await admin.post(`/api/campaigns/${c.id}/send`).send({}).expect(202);
    await drain();
    const [m] = receivedBy(to);
    expect(m.parsed.html).toContain("Maple Plaza");
    expect(m.parsed.html).toMatch(new RegExp(`<img src="${ORIGIN}/l/[^"]+/og\\.jpg"`));
    // The links go through the click redirect (campaign-results.test.ts); they lead to the page and the flyer.
    const targets = [...(m.parsed.html as string).matchAll(/href="https:\/\/desk\.example\.com\/c\/[0-9a-z]+\.([A-Za-z0-9_-]+)\./g)].map((x) => Buffer.from(x[1], "base64url").toString());
    expect(targets).toContainEqual(expect.stringMatching(new RegExp(`^${ORIGIN}/l/[^/]+/flyer$`)));
    expect(m.parsed.text).toContain("Maple Plaza");
  });

  it("sends a test to one address through the mail queue, changing no campaign", async () => {
    const to = `me${unique()}@example.com`;
    const c = await draft(admin, { body: "<p>Preview me</p>", fromName: "Dana at Desk", replyTo: "dana@example.com", audience: { contactIds: [await contact()] } });
    expect((await admin.post(`/api/campaigns/${c.id}/test`).send({ email: to }).expect(202)).body).toEqual({ queued: true, email: to });
    await drain();
    const [m] = receivedBy(to);
    expect(m.parsed.subject).toBe("[Test] A new listing");
    expect(m.parsed.from?.value[0]).toMatchObject({ name: "Dana at Desk", address: "desk@example.com" });
    expect(m.parsed.replyTo?.value[0].address).toBe("dana@example.com");
    expect(m.parsed.html).toContain("Preview me");
    const listed = (await agent.get("/api/campaigns").expect(200)).body as { id: number; status: string }[];
    expect(listed.find((x) => x.id === c.id)).toMatchObject({ status: "draft", counts: { recipients: 0 } });
    expect(await recipientsOf(c.id)).toHaveLength(0);
  });

  it("refuses to send while the brand has no postal address, and changes nothing", async () => {
    await ctx.db.update(brand).set({ address: "" });
    try {
      const c = await draft(admin, { body: "<p>Hi</p>", audience: { contactIds: [await contact()] } });
      const res = await admin.post(`/api/campaigns/${c.id}/send`).send({}).expect(409);
      expect(res.body.message).toBe(NO_POSTAL_ADDRESS);
      expect((await admin.get(`/api/campaigns/${c.id}`).expect(200)).body.status).toBe("draft");
    } finally {
      await ctx.db.update(brand).set({ address: "1 Main St, Springfield, IL 62701" });
    }
  });

  it("stops at once when cancelled, and a pause holds until resumed", async () => {
    // Two messages a run, so a run's end falls mid-campaign.
    const slow = handlersAt(24);
    const ids = await Promise.all(Array.from({ length: perRun(24) + 5 }, () => contact()));
    const c = await draft(admin, { body: "<p>Paced</p>", audience: { contactIds: ids } });
    await admin.post(`/api/campaigns/${c.id}/send`).send({}).expect(202);
    await admin.post(`/api/campaigns/${c.id}/pause`).expect(200);
    await drain(slow);
    expect((await recipientsOf(c.id)).filter((r) => r.state === "sent")).toHaveLength(0);
    expect((await admin.post(`/api/campaigns/${c.id}/pause`).expect(409)).body.message).toBe("This campaign is paused, so it cannot be paused.");
    await admin.post(`/api/campaigns/${c.id}/resume`).expect(200);
    // One run sends perRun messages; then the campaign is cancelled before the next.
    clock += 60_000;
    await runDueJobs(ctx.db, slow, { now: new Date(clock), limit: 1 });
    await admin.post(`/api/campaigns/${c.id}/cancel`).expect(200);
    await drain(slow);
    const rows = await recipientsOf(c.id);
    expect(rows.filter((r) => r.state === "sent")).toHaveLength(perRun(24));
    expect(rows.filter((r) => r.state === "cancelled")).toHaveLength(5);
    expect(rows.flatMap((r) => receivedBy(r.email))).toHaveLength(perRun(24));
    expect((await admin.post(`/api/campaigns/${c.id}/resume`).expect(409)).body.message).toBe("This campaign is cancelled, so it cannot be resumed.");
  });

  it("keeps to one chain of runs after a pause and a quick resume, so the rate holds", async () => {
    const slow = handlersAt(24);
    const ids = await Promise.all(Array.from({ length: 4 * perRun(24) }, () => contact()));
    const c = await draft(admin, { body: "<p>Chain</p>", audience: { contactIds: ids } });
    await admin.post(`/api/campaigns/${c.id}/send`).send({}).expect(202);
    clock += 60_000;
    await runDueJobs(ctx.db, slow, { now: new Date(clock) });
    // Paused and resumed while the first chain's next run is already queued: both become due.
    await admin.post(`/api/campaigns/${c.id}/pause`).expect(200);
    await admin.post(`/api/campaigns/${c.id}/resume`).expect(200);
    clock += 60_000;
    await runDueJobs(ctx.db, slow, { now: new Date(clock) });
    expect((await recipientsOf(c.id)).filter((r) => r.state === "sent")).toHaveLength(2 * perRun(24));
  });

  it("shares one rate among campaigns sending at once: a run waits while another has the rate's time", async () => {
    const slow = handlersAt(24);
    const batch = perRun(24);
    const interval = 60_000 / 24;
    const sentOf = async (ids: number[]) => (await Promise.all(ids.map(recipientsOf))).flat().filter((r) => r.state === "sent").length;
    const campaignIds: number[] = [];
    for (const name of ["First", "Second"]) {
      const ids = await Promise.all(Array.from({ length: 2 * batch }, () => contact()));
      const c = await draft(admin, { name, body: `<p>${name}</p>`, audience: { contactIds: ids } });
      await admin.post(`/api/campaigns/${c.id}/send`).send({}).expect(202);
      campaignIds.push(c.id);
    }
    const runsOf = (id: number) => ctx.db.select().from(jobs).where(and(eq(jobs.kind, CAMPAIGN_SEND), sql`${jobs.payload}->>'campaignId' = ${String(id)}`));

    // Both first runs are due at once: one batch goes, the other run waits for the end of it.
    clock += 60_000;
    const t0 = clock;
    await runDueJobs(ctx.db, slow, { now: new Date(t0) });
    expect(await sentOf(campaignIds)).toBe(batch);
    const waiting = (await Promise.all(campaignIds.map(runsOf))).flat();
    expect(waiting.map((j) => j.runAt.getTime())).toEqual([t0 + batch * interval, t0 + batch * interval]);

    // At the end of the first batch, one more batch in all, not one per campaign.
    clock = t0 + batch * interval;
    await runDueJobs(ctx.db, slow, { now: new Date(clock) });
    expect(await sentOf(campaignIds)).toBe(2 * batch);
    // Each campaign has had its turn.
    for (const id of campaignIds) expect((await recipientsOf(id)).filter((r) => r.state === "sent")).toHaveLength(batch);

    await drain(slow);
    expect(await sentOf(campaignIds)).toBe(4 * batch);
  });

  it("gives back what a run did not use, so the next campaign need not wait for it", async () => {
    const slow = handlersAt(24);
    const interval = 60_000 / 24;
    const campaignIds: number[] = [];
    for (const name of ["Short", "Next"]) {
      const c = await draft(admin, { name, body: `<p>${name}</p>`, audience: { contactIds: [await contact()] } });
      await admin.post(`/api/campaigns/${c.id}/send`).send({}).expect(202);
      campaignIds.push(c.id);
    }
    // One message for a run that reserved perRun(24): the other campaign's run waits one message's time, not the batch's.
    clock += 60_000;
    const t0 = clock;
    await runDueJobs(ctx.db, slow, { now: new Date(t0) });
    const waiting = await ctx.db.select().from(jobs).where(and(eq(jobs.kind, CAMPAIGN_SEND), sql`(${jobs.payload}->>'campaignId')::int in (${sql.join(campaignIds, sql`, `)})`));
    expect(perRun(24)).toBeGreaterThan(1);
    expect(waiting.map((j) => j.runAt.getTime())).toEqual([t0 + interval]);
    await drain(slow);
    for (const id of campaignIds) expect((await admin.get(`/api/campaigns/${id}`).expect(200)).body).toMatchObject({ status: "sent", counts: { delivered: 1 } });
  });

  it("after a run dies mid-message, the next attempt sends no one a second copy", async () => {
    const ids = await Promise.all(Array.from({ length: 4 }, () => contact()));
    const c = await draft(admin, { body: "<p>Once</p>", audience: { contactIds: ids } });
    await admin.post(`/api/campaigns/${c.id}/send`).send({}).expect(202);
    // What a server killed inside the SMTP conversation leaves: its job claimed (lease running),
    // the first recipient in "sending" under that job, and the message already accepted.
    const [job] = await ctx.db.select().from(jobs).where(and(eq(jobs.kind, CAMPAIGN_SEND), sql`${jobs.payload}->>'campaignId' = ${String(c.id)}`));
    await ctx.db.update(jobs).set({ attempts: 1, lockedUntil: new Date(clock + 5 * 60_000) }).where(eq(jobs.id, job.id));
    const [first] = (await recipientsOf(c.id)).sort((a, b) => a.id - b.id);
    await ctx.db.update(campaignRecipients).set({ state: "sending", claimJobId: job.id }).where(eq(campaignRecipients.id, first.id));
    await createMailTransport({ smtpUrl: smtp.url, from: MAIL_FROM }).send({ to: first.email, subject: "A new listing", text: "Once", html: "<p>Once</p>" });
    // The lease runs out; another server takes the job over.
    clock += 10 * 60_000;
    await drain();
    const rows = await recipientsOf(c.id);
    for (const r of rows) expect(receivedBy(r.email)).toHaveLength(1);
    expect(rows.find((r) => r.id === first.id)!.state).toBe("unknown");
    expect((await admin.get(`/api/campaigns/${c.id}`).expect(200)).body).toMatchObject({ status: "sent", counts: { recipients: 4, delivered: 3 } });
  });
});

describe("who may send", () => {
  it("lets the listing's agent send, not another member, and caps an agent's audience", async () => {
    const profile = await createAgent(ctx.db, { userId: agentUser.id });
    const listing = await createListing(ctx.db, { agentId: profile.id });
    const c = await draft(other, { listingId: listing.id, body: "<p>Hi</p>", audience: { contactIds: [await contact()] } });
    expect((await other.post(`/api/campaigns/${c.id}/send`).send({}).expect(403)).body.message).toBe("Only an admin or the listing's agent may send a campaign about a listing.");
    const big = await draft(agent, { listingId: listing.id, body: "<p>Hi</p>", audience: { contactIds: await Promise.all([1, 2, 3, 4].map(() => contact())) } });
    expect((await agent.post(`/api/campaigns/${big.id}/send`).send({}).expect(403)).body.message).toMatch(/at most 3 people; this one reaches 4/);
    expect((await agent.post(`/api/campaigns/${c.id}/send`).send({}).expect(202)).body.status).toBe("sending");
    const entries = await ctx.db.select().from(auditEvents).where(and(eq(auditEvents.kind, "campaign.sent"), eq(auditEvents.listingId, listing.id)));
    expect(entries).toHaveLength(1);
  });

  it("edits drafts only, with a clear message", async () => {
    const c = await draft(admin, { body: "<p>x</p>", audience: { contactIds: [await contact()] } });
    await admin.post(`/api/campaigns/${c.id}/cancel`).expect(200);
    expect((await admin.patch(`/api/campaigns/${c.id}`).send({ subject: "Later" }).expect(409)).body.message).toBe("Only a draft can be edited: this campaign is cancelled.");
  });

  it("schedules a send for later and fixes the recipients when it starts, with the opt-outs made meanwhile", async () => {
    const stays = await contact();
    const leaves = await contact();
    const c = await draft(admin, { body: "<p>Later</p>", audience: { contactIds: [stays, leaves] } });
    const at = new Date(Math.max(Date.now(), clock) + 3_600_000).toISOString();
    expect((await admin.post(`/api/campaigns/${c.id}/send`).send({ at }).expect(202)).body).toMatchObject({ status: "scheduled", scheduledAt: at, counts: { recipients: 0 } });
    await ctx.db.update(leads).set({ status: "unsubscribed" }).where(eq(leads.id, leaves));
    clock = Date.parse(at);
    await drain();
    expect((await recipientsOf(c.id)).map((r) => [r.leadId, r.state])).toEqual([[stays, "sent"]]);
    expect((await admin.get(`/api/campaigns/${c.id}`).expect(200)).body).toMatchObject({ status: "sent", counts: { recipients: 1, delivered: 1 } });
  });
});

describe("input a campaign cannot be trusted with", () => {
  it("refuses line breaks in the subject, from name and reply-to, changing nothing", async () => {
    for (const field of ["subject", "fromName", "replyTo"]) {
      const res = await admin.post("/api/campaigns").send({ name: "Injected", [field]: "x@example.com\r\nBcc: victim@example.com" }).expect(400);
      expect(res.body.message).toContain(`${field} must be on one line (no line breaks)`);
    }
    const c = await draft(admin, {});
    await admin.patch(`/api/campaigns/${c.id}`).send({ subject: "Hi\nBcc: a@example.com" }).expect(400);
    expect((await admin.get(`/api/campaigns/${c.id}`).expect(200)).body.subject).toBe("A new listing");
  });

  it("sanitises the member's body: no scripts, forms, styles or remote content", async () => {
    const c = await draft(admin, {
      body: `<p onclick="x()">Hi<script>alert(1)</script></p><form action="https://evil.example/"><input name="p"></form><img src="https://tracker.example/p.gif"><img src="/l/abc/og.jpg" alt="ours"><a href="javascript:alert(1)">js</a><a href="https://elsewhere.example/">away</a><a href="${ORIGIN}/l/abc">ours</a><iframe src="https://x.example"></iframe><style>p{}</style>`,
    });
    const body = (await admin.get(`/api/campaigns/${c.id}`).expect(200)).body.body as string;
    expect(body).not.toMatch(/script|onclick|form|input|iframe|style|tracker|javascript|elsewhere/);
    expect(body).toContain(`<img src="${ORIGIN}/l/abc/og.jpg" alt="ours" />`);
    expect(body).toContain(`<a href="${ORIGIN}/l/abc">ours</a>`);
    expect(sanitizeBody('<a href="https://www.deskrealty.example/team">team</a>', { app: ORIGIN, website: "https://www.deskrealty.example" })).toBe('<a href="https://www.deskrealty.example/team">team</a>');
  });
});

describe("the unsubscribe door", () => {
  async function sentTo(listingId?: string) {
    const email = `u${unique()}@example.com`;
    const leadId = await contact("subscribed", email);
    const c = await draft(admin, { listingId, body: "<p>Hi</p>", audience: { contactIds: [leadId] } });
    await admin.post(`/api/campaigns/${c.id}/send`).send({}).expect(202);
    await drain();
    const [r] = await recipientsOf(c.id);
    return { leadId, token: unsubscribeToken(TEST_SECRET, r.id), campaignId: c.id, email };
  }
  const statusOf = async (id: number) => (await ctx.db.select({ status: leads.status }).from(leads).where(eq(leads.id, id)))[0].status;

  it("shows a page on GET and changes nothing; a POST from the page unsubscribes at once", async () => {
    const listing = await createListing(ctx.db, { listingName: "Oak Center" });
    const { leadId, token, campaignId } = await sentTo(listing.id);
    const page = await supertest(ctx.app).get(`/u/${token}`).expect(200);
    expect(page.text).toContain("Unsubscribe");
    expect(page.text).toContain("Email about Oak Center only");
    expect(page.text).toContain("Desk Realty");
    expect(await statusOf(leadId)).toBe("subscribed");
    const done = await supertest(ctx.app).post(`/u/${token}`).type("form").send({ scope: "all" }).expect(200);
    expect(done.text).toContain("You are unsubscribed");
    expect(await statusOf(leadId)).toBe("unsubscribed");
    expect((await admin.get(`/api/campaigns/${campaignId}`).expect(200)).body.counts.unsubscribed).toBe(1);
    // A spreadsheet saying "subscribed" does not undo the person's choice.
    const [{ email }] = await ctx.db.select({ email: leads.email }).from(leads).where(eq(leads.id, leadId));
    const staged = (await admin.post("/api/imports/preview").send({ target: "contacts", fileName: "c.csv", encoding: "text", content: `Email,Status\n${email},subscribed\n` }).expect(200)).body;
    await admin.post(`/api/imports/${staged.id}/commit`).send({}).expect(200);
    expect(await statusOf(leadId)).toBe("unsubscribed");
    const [entry] = await ctx.db.select().from(auditEvents).where(and(eq(auditEvents.kind, "contact.unsubscribed"), eq(auditEvents.listingId, listing.id)));
    expect(entry.data).toMatchObject({ leadId, how: "page", scope: "all" });
  });

  it("takes the RFC 8058 one-click POST with no cookie", async () => {
    const { leadId, token } = await sentTo();
    await supertest(ctx.app).post(`/u/${token}`).type("form").send("List-Unsubscribe=One-Click").expect(200);
    expect(await statusOf(leadId)).toBe("unsubscribed");
    const [entry] = await ctx.db.select().from(auditEvents).where(and(eq(auditEvents.kind, "contact.unsubscribed"), sql`(${auditEvents.data}->>'leadId')::int = ${leadId}`));
    expect(entry.data).toMatchObject({ how: "one-click" });
  });

  it("opts out of one listing only when asked, and the next campaign about it leaves the contact out", async () => {
    const listing = await createListing(ctx.db);
    const { leadId, token } = await sentTo(listing.id);
    await supertest(ctx.app).post(`/u/${token}`).type("form").send({ scope: "listing" }).expect(200);
    expect(await statusOf(leadId)).toBe("subscribed");
    const again = await draft(admin, { listingId: listing.id, body: "<p>Again</p>", audience: { contactIds: [leadId, await contact()] } });
    expect((await admin.post(`/api/campaigns/${again.id}/send`).send({}).expect(202)).body.counts.recipients).toBe(1);
  });

  it("answers 404 to malformed, unsigned and unknown tokens and changes nothing", async () => {
    const { leadId, token } = await sentTo();
    const forged = `${token.split(".")[0]}.${"A".repeat(22)}`;
    for (const bad of ["nope", forged, unsubscribeToken(TEST_SECRET, 999_999), `${token}x`]) {
      await supertest(ctx.app).get(`/u/${encodeURIComponent(bad)}`).expect(404);
      await supertest(ctx.app).post(`/u/${encodeURIComponent(bad)}`).type("form").send({ scope: "all" }).expect(404);
    }
    expect(await statusOf(leadId)).toBe("subscribed");
  });

  // Last in the file: it spends this address's allowance.
  it("slows a flood of guesses like the other anonymous doors", async () => {
    let status = 0;
    for (let i = 0; i < 40 && status !== 429; i++) status = (await supertest(ctx.app).get(`/u/guess${i}.${"B".repeat(22)}`)).status;
    expect(status).toBe(429);
  });
});

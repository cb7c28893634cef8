// What a campaign's counts rest on (docs/guides/campaigns.md): the mail provider's bounce and
// complaint webhook (its secret, the three body shapes, soft bounces over a week, the auto-pause),
// the signed /c/ click redirect with machine clicks counted apart, inquiries after a click, and
// opens, off unless asked for.
import { and, eq, sql } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, brand, campaignRecipients, campaigns as campaignsTable, emailEvents, inquiries, leads } from "../../db/tables.js";
import { createMailTransport } from "../../integrations/mail/mail-transport.js";
import { startTestSmtpServer, type TestSmtpServer } from "../../integrations/mail/test-smtp-server.js";
import { runDueJobs } from "../../jobs/worker.js";
import { createListing, publishListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { TEST_SECRET } from "../../test/test-constants.js";
import { mailJobHandlers } from "../mail/service.js";
import { clickSigner } from "./click-tracking.js";
import { recipientToken } from "./recipient-tokens.js";
import { campaignJobHandlers } from "./service.js";

const ORIGIN = "https://desk.example.com";
const MAIL_FROM = "Desk Realty <desk@example.com>";
const SECRET = "webhook-secret-for-tests";
const WEBHOOK = "/api/webhooks/email-events";
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
let ctx: TestContext;
let smtp: TestSmtpServer;
let admin: TestClient;
let handlersAt: (ratePerMinute: number) => ReturnType<typeof campaignJobHandlers>;
let clock = Date.now();

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({
    sendsMail: true,
    env: { TRUST_PROXY: false, AUTH_SCRYPT_COST: 12, ALLOWED_HOSTS: [".example.com"], PUBLIC_URL: ORIGIN, MAIL_FROM, EMAIL_WEBHOOK_SECRET: SECRET },
  });
  admin = (await ctx.userAgent({ isAdmin: true })).agent;
  await ctx.db.insert(brand).values({ brokerageName: "Desk Realty", address: "1 Main St, Springfield, IL 62701" });
  const transport = createMailTransport({ smtpUrl: smtp.url, from: MAIL_FROM });
  handlersAt = (ratePerMinute) => ({ ...mailJobHandlers(transport), ...campaignJobHandlers({ transport, secret: TEST_SECRET, mailFrom: MAIL_FROM, trustedOrigin: async () => ORIGIN, ratePerMinute }) });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const unique = () => Math.random().toString(36).slice(2, 10);
async function contact(email = `c${unique()}@example.com`): Promise<{ id: number; email: string }> {
  const [row] = await ctx.db.insert(leads).values({ name: `Casey ${unique()}`, email, role: "principal", source: "manual" }).returning({ id: leads.id });
  return { id: row.id, email };
}
const statusOf = async (id: number) => (await ctx.db.select({ status: leads.status }).from(leads).where(eq(leads.id, id)))[0].status;
const auditCount = async (kind: string) => (await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(auditEvents).where(eq(auditEvents.kind, kind)))[0].n;
const eventCount = async () => (await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(emailEvents))[0].n;
/** Runs due jobs, a minute apart on the test's clock, `runs` times at most. */
async function drain(ratePerMinute = 6_000, runs = 20) {
  for (let i = 0; i < runs; i++) {
    clock += 60_000;
    const done = await runDueJobs(ctx.db, handlersAt(ratePerMinute), { now: new Date(clock) });
    if (done.done + done.failed === 0) return;
  }
}
async function sentCampaign(contactIds: number[], extra: Record<string, unknown> = {}) {
  const c = (await admin.post("/api/campaigns").send({ name: "Results", subject: "A new listing", body: "<p>Hello</p>", audience: { contactIds }, ...extra }).expect(201)).body as { id: number };
  await admin.post(`/api/campaigns/${c.id}/send`).send({}).expect(202);
  await drain();
  return c.id;
}
const recipientOf = async (campaignId: number, leadId: number) =>
  (await ctx.db.select().from(campaignRecipients).where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.leadId, leadId))))[0];
const countsOf = async (id: number) => (await admin.get(`/api/campaigns/${id}`).expect(200)).body.counts as Record<string, number>;
const hook = () => supertest(ctx.app).post(WEBHOOK).set("Authorization", `Bearer ${SECRET}`);

/** What SES sends through SNS: a notification whose Message is the SES event as JSON text. */
function sns(message: object, messageId = unique()) {
  return JSON.stringify({ Type: "Notification", MessageId: messageId, TopicArn: "arn:aws:sns:us-east-1:123456789012:ses-bounces", Message: JSON.stringify(message), Timestamp: new Date().toISOString() });
}
const sesBounce = (bounceType: string, emails: string[], ourMessageId?: string) => ({
  notificationType: "Bounce",
  bounce: { bounceType, bounceSubType: "General", bouncedRecipients: emails.map((emailAddress) => ({ emailAddress })), timestamp: new Date().toISOString() },
  mail: { messageId: "0100018c-ses-own-id", source: "desk@example.com", ...(ourMessageId && { commonHeaders: { messageId: ourMessageId } }) },
});

describe("the email-events webhook", () => {
  it("refuses a missing or wrong secret (401, 403) and a body it cannot read (400), changing nothing", async () => {
    const c = await contact();
    const body = { type: "bounce", bounce: "hard", email: c.email };
    const before = await eventCount();
    await supertest(ctx.app).post(WEBHOOK).send(body).expect(401);
    await supertest(ctx.app).post(WEBHOOK).set("Authorization", "Bearer wrong-secret-entirely").send(body).expect(403);
    await supertest(ctx.app).post(WEBHOOK).set("X-Webhook-Secret", `${SECRET}x`).send(body).expect(403);
    await hook().set("Content-Type", "application/json").send("{not json").expect(400);
    await hook().send({ type: "bounce", email: "not an address" }).expect(400);
    await hook().send({ type: "opened", email: c.email }).expect(400);
    await hook().set("Content-Type", "text/plain").send(JSON.stringify({ Type: "Notification", MessageId: "m", TopicArn: "arn", Message: "{broken" })).expect(400);
    await hook().set("Content-Type", "text/plain").send(sns(sesBounce("Permanent", [c.email, "not-an-address"]))).expect(400);
    expect(await statusOf(c.id)).toBe("subscribed");
    expect(await eventCount()).toBe(before);
  });

  it("takes the simple form: a hard bounce makes the contact bounced, a complaint complained, each in the audit log", async () => {
    const bounced = await contact();
    const complained = await contact();
    const [bouncedBefore, complainedBefore] = [await auditCount("contact.bounced"), await auditCount("contact.complained")];
    await hook().send({ type: "bounce", bounce: "hard", email: bounced.email.toUpperCase() }).expect(200, { received: 1 });
    await hook().send({ type: "complaint", email: complained.email }).expect(200);
    expect(await statusOf(bounced.id)).toBe("bounced");
    expect(await statusOf(complained.id)).toBe("complained");
    expect(await auditCount("contact.bounced")).toBe(bouncedBefore + 1);
    expect(await auditCount("contact.complained")).toBe(complainedBefore + 1);
    const [entry] = await ctx.db.select().from(auditEvents).where(eq(auditEvents.kind, "contact.complained")).orderBy(sql`${auditEvents.id} desc`).limit(1);
    expect(entry.data).toMatchObject({ email: complained.email, source: "simple" });
  });

  it("matches an SES bounce through SNS to its message by our Message-ID, counts it, and ignores SNS's retry of it", async () => {
    const a = await contact();
    const b = await contact();
    const id = await sentCampaign([a.id, b.id]);
    const ra = await recipientOf(id, a.id);
    // Basic auth, as an SNS subscription URL carries it (https://hook:<secret>@…).
    const basic = `Basic ${Buffer.from(`hook:${SECRET}`).toString("base64")}`;
    const post = (body: string) => supertest(ctx.app).post(WEBHOOK).set("Authorization", basic).set("Content-Type", "text/plain; charset=UTF-8").send(body);
    // The bounce names an address that differs in case: the Message-ID finds the message all the same.
    const notification = sns(sesBounce("Permanent", [a.email.toUpperCase()], ra.messageId!), "sns-1");
    await post(notification).expect(200, { received: 1 });
    expect(await statusOf(a.id)).toBe("bounced");
    expect((await recipientOf(id, a.id)).bouncedAt).not.toBeNull();
    expect(await countsOf(id)).toMatchObject({ recipients: 2, delivered: 2, bounced: 1 });
    const events = await eventCount();
    await post(notification).expect(200);
    expect(await eventCount()).toBe(events);

    // A complaint through SES, matched by the address alone.
    await post(sns({ notificationType: "Complaint", complaint: { complainedRecipients: [{ emailAddress: b.email }] }, mail: { messageId: "x" } })).expect(200);
    expect(await statusOf(b.id)).toBe("complained");
    expect((await recipientOf(id, b.id)).complainedAt).not.toBeNull();
  });

  it("does not fetch an SNS subscription's URL, and answers it with 200", async () => {
    const body = JSON.stringify({ Type: "SubscriptionConfirmation", MessageId: "s", TopicArn: "arn:aws:sns:us-east-1:1:t", SubscribeURL: "http://127.0.0.1:1/should-not-be-fetched", Token: "t" });
    const res = await hook().set("Content-Type", "text/plain").send(body).expect(200);
    expect(res.body).toMatchObject({ received: 0 });
  });

  it("takes Postmark's records: two soft bounces within a week make a contact bounced, one a week apart does not", async () => {
    const twice = await contact();
    const apart = await contact();
    const soft = (email: string, id: number) => hook().send({ RecordType: "Bounce", Type: "SoftBounce", ID: id, Email: email, MessageID: "pm-1", BouncedAt: new Date().toISOString() });
    await soft(twice.email, 1001).expect(200, { received: 1 });
    expect(await statusOf(twice.id)).toBe("subscribed");
    // Postmark's retry of the same record is not a second bounce.
    await soft(twice.email, 1001).expect(200);
    expect(await statusOf(twice.id)).toBe("subscribed");
    await soft(twice.email, 1002).expect(200);
    expect(await statusOf(twice.id)).toBe("bounced");

    await ctx.db.insert(emailEvents).values({ kind: "soft-bounce", source: "postmark", email: apart.email, leadId: apart.id, createdAt: new Date(Date.now() - 8 * 86_400_000) });
    await soft(apart.email, 1003).expect(200);
    expect(await statusOf(apart.id)).toBe("subscribed");

    const hard = await contact();
    await hook().send({ RecordType: "Bounce", Type: "HardBounce", ID: 1004, Email: hard.email }).expect(200);
    expect(await statusOf(hard.id)).toBe("bounced");
    const spam = await contact();
    await hook().send({ RecordType: "SpamComplaint", Type: "SpamComplaint", ID: 1005, Email: spam.email }).expect(200);
    expect(await statusOf(spam.id)).toBe("complained");
    // An auto-responder is no bounce.
    const away = await contact();
    await hook().send({ RecordType: "Bounce", Type: "AutoResponder", ID: 1006, Email: away.email }).expect(200, { received: 0 });
    expect(await statusOf(away.id)).toBe("subscribed");
  });

  it("pauses a sending campaign, saying why, once more than 5% of its first 100 messages bounced hard", async () => {
    const people = await Promise.all(Array.from({ length: 110 }, () => contact()));
    const c = (await admin.post("/api/campaigns").send({ name: "Bouncy", subject: "Hi", body: "<p>Hi</p>", audience: { contactIds: people.map((p) => p.id) } }).expect(201)).body as { id: number };
    await admin.post(`/api/campaigns/${c.id}/send`).send({}).expect(202);
    // 1,200 a minute is 100 a run: one run leaves ten waiting, the campaign still sending.
    await drain(1_200, 1);
    expect(await countsOf(c.id)).toMatchObject({ delivered: 100 });
    const sent = (await ctx.db.select().from(campaignRecipients).where(and(eq(campaignRecipients.campaignId, c.id), eq(campaignRecipients.state, "sent")))).slice(0, 6);
    for (const r of sent.slice(0, 5)) await hook().send({ type: "bounce", email: r.email, messageId: r.messageId }).expect(200);
    // 5 of 100 is 5%: not past it.
    expect((await admin.get(`/api/campaigns/${c.id}`)).body.status).toBe("sending");
    await hook().send({ type: "bounce", email: sent[5].email, messageId: sent[5].messageId }).expect(200);
    expect((await admin.get(`/api/campaigns/${c.id}`)).body).toMatchObject({ status: "paused", counts: { bounced: 6 } });
    const [paused] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "campaign.paused"), sql`${auditEvents.data}->>'campaignId' = ${String(c.id)}`));
    expect(paused.data).toMatchObject({ reason: expect.stringContaining("6 of its 100 messages bounced (6.0%)") });
  });
});

describe("the click redirect", () => {
  const linkIn = (html: string) => /href="(https:\/\/desk\.example\.com\/c\/[^"]+)"/.exec(html)?.[1];

  it("sends every link through a signed per-recipient redirect: people's clicks and machines' counted apart", async () => {
    const who = await contact();
    const target = `${ORIGIN}/listings?type=retail&state=IL`;
    const id = await sentCampaign([who.id], { body: `<p>See <a href="${target.replace(/&/g, "&amp;")}">the listings</a></p>` });
    const [m] = smtp.received.filter((x) => x.envelopeTo.includes(who.email));
    const link = linkIn(m.parsed.html as string)!;
    expect(link).toBeDefined();
    // The unsubscribe link never goes through the redirect.
    expect(m.parsed.html).toMatch(new RegExp(`href="${ORIGIN}/u/`));
    const path = link.slice(ORIGIN.length);

    // Within two seconds of delivery, even a browser's click is a scanner's.
    await supertest(ctx.app).get(path).set("User-Agent", CHROME).expect(302).expect("Location", target);
    expect(await countsOf(id)).toMatchObject({ clicks: 0, machineClicks: 1 });

    await ctx.db.update(campaignRecipients).set({ sentAt: new Date(Date.now() - 60_000) }).where(eq(campaignRecipients.campaignId, id));
    await supertest(ctx.app).get(path).set("User-Agent", "Mozilla/5.0 (compatible; Proofpoint URL Defense)").expect(302);
    await supertest(ctx.app).get(path).set("User-Agent", "Barracuda Sentinel (EE)").expect(302);
    await supertest(ctx.app).head(path).set("User-Agent", CHROME).expect(302);
    await supertest(ctx.app).get(path).set("User-Agent", CHROME).expect(302).expect("Location", target);
    expect(await countsOf(id)).toMatchObject({ clicks: 1, machineClicks: 4 });
    expect((await recipientOf(id, who.id)).clickedAt).not.toBeNull();
  });

  it("answers 404 to a malformed, forged or unknown token and counts nothing", async () => {
    const who = await contact();
    const id = await sentCampaign([who.id], { body: `<p><a href="${ORIGIN}/listings">Listings</a></p>` });
    const [m] = smtp.received.filter((x) => x.envelopeTo.includes(who.email));
    const token = linkIn(m.parsed.html as string)!.split("/c/")[1];
    const [rid, , mac] = token.split(".");
    const forged = `${rid}.${Buffer.from("https://evil.example.net/").toString("base64url")}.${mac}`;
    const unknown = clickSigner(TEST_SECRET, 2_000_000_000)(`${ORIGIN}/listings`);
    for (const bad of ["nonsense", `${token}x`, forged, unknown, "0.aHR0cHM6Ly9ldmlsLmV4YW1wbGU.AAAAAAAAAAAAAAAAAAAAAA"]) {
      await supertest(ctx.app).get(`/c/${bad}`).set("User-Agent", CHROME).expect(404);
    }
    expect(await countsOf(id)).toMatchObject({ clicks: 0, machineClicks: 0 });
  });

  it("attributes an inquiry about the listing after a person's click to the campaign, and shows the campaign in the listing's marketing figures", async () => {
    const listing = await createListing(ctx.db, { listingName: "Birch Court" });
    await publishListing(ctx.db, listing.id);
    const [clicker, before, silent] = [await contact(), await contact(), await contact()];
    const id = await sentCampaign([clicker.id, before.id, silent.id], { listingId: listing.id, body: null });
    await ctx.db.update(campaignRecipients).set({ sentAt: new Date(Date.now() - 3_600_000) }).where(eq(campaignRecipients.campaignId, id));
    const inquire = (c: { id: number; email: string }, at: Date) =>
      ctx.db.insert(inquiries).values({ leadId: c.id, listingId: listing.id, name: "Casey", email: c.email, role: "principal", message: "Tell me more", createdAt: at });
    // `before` inquired, then clicked: the campaign did not bring that inquiry.
    await inquire(before, new Date(Date.now() - 60_000));
    // The listing card's text part links through the redirect too.
    const [card] = smtp.received.filter((x) => x.envelopeTo.includes(clicker.email));
    expect(card.parsed.text).toMatch(new RegExp(`View the listing: ${ORIGIN}/c/`));
    expect(card.parsed.text).not.toContain(`${ORIGIN}/l/`);
    for (const c of [clicker, before]) {
      const [m] = smtp.received.filter((x) => x.envelopeTo.includes(c.email));
      await supertest(ctx.app).get(linkIn(m.parsed.html as string)!.slice(ORIGIN.length)).set("User-Agent", CHROME).expect(302);
    }
    await inquire(clicker, new Date(Date.now() + 1_000));
    await inquire(silent, new Date(Date.now() + 1_000));
    expect(await countsOf(id)).toMatchObject({ recipients: 3, clicks: 2, inquiries: 1 });

    const figures = (await admin.get(`/api/listings/${listing.id}/marketing`).expect(200)).body;
    expect(figures.campaigns).toEqual([expect.objectContaining({ id, name: "Results", status: "sent", counts: expect.objectContaining({ clicks: 2, inquiries: 1 }) })]);
    // When it went, for the listing's marketing panel.
    const [shown] = figures.campaigns as { scheduledAt: string | null; startedAt: string; finishedAt: string; updatedAt: string }[];
    expect(shown.scheduledAt).toBeNull();
    expect(Date.parse(shown.finishedAt)).toBeGreaterThanOrEqual(Date.parse(shown.startedAt));
    expect(Date.parse(shown.updatedAt)).not.toBeNaN();
    const [row] = await ctx.db.select({ status: campaignsTable.status }).from(campaignsTable).where(eq(campaignsTable.id, id));
    expect(row.status).toBe("sent");
  });

  it("keeps a test send's links as they are (its recipient names no one)", async () => {
    const c = (await admin.post("/api/campaigns").send({ name: "T", subject: "T", body: `<p><a href="${ORIGIN}/listings">Listings</a></p>` }).expect(201)).body as { id: number };
    const to = `tester${unique()}@example.com`;
    await admin.post(`/api/campaigns/${c.id}/test`).send({ email: to }).expect(202);
    await drain();
    const [m] = smtp.received.filter((x) => x.envelopeTo.includes(to));
    expect(m.parsed.html).toContain(`href="${ORIGIN}/listings"`);
    expect(m.parsed.html).not.toContain("/c/");
  });

});

describe("opens, off unless a campaign asks", () => {
  const pixelIn = (html: string) => /<img src="([^"]+\/o\/[^"]+)" width="1" height="1"/.exec(html)?.[1];

  it("are not counted unless the campaign asks: no pixel, no figure, and the pixel's door is shut", async () => {
    const who = await contact();
    const id = await sentCampaign([who.id]);
    const [m] = smtp.received.filter((x) => x.envelopeTo.includes(who.email));
    expect(m.parsed.html).not.toContain("/o/");
    expect((await countsOf(id)).opens).toBeNull();
    const recipient = await recipientOf(id, who.id);
    // Even a token we signed opens nothing for a campaign that does not count opens.
    await supertest(ctx.app).get(`/o/${recipientToken(TEST_SECRET, recipient.id, "open")}`).expect(404);
    expect((await recipientOf(id, who.id)).openedAt).toBeNull();
  });

  it("when asked, put a pixel of its own in each message and count each recipient's first load once", async () => {
    const [first, second] = [await contact(), await contact()];
    const id = await sentCampaign([first.id, second.id], { trackOpens: true });
    expect((await admin.get(`/api/campaigns/${id}`).expect(200)).body.trackOpens).toBe(true);
    expect((await countsOf(id)).opens).toBe(0);
    const pixels = [first, second].map((c) => pixelIn(smtp.received.filter((x) => x.envelopeTo.includes(c.email))[0].parsed.html as string));
    expect(pixels[0]).toMatch(new RegExp(`^${ORIGIN}/o/`));
    expect(pixels[1]).not.toBe(pixels[0]);
    const path = pixels[0]!.slice(ORIGIN.length);
    const res = await supertest(ctx.app).get(path).expect(200).expect("Content-Type", "image/gif").expect("Cache-Control", "no-store, private");
    expect(res.body.length).toBeGreaterThan(0);
    const firstOpen = (await recipientOf(id, first.id)).openedAt;
    expect(firstOpen).not.toBeNull();
    // Loading it again (a reread, a proxy) counts nothing more, and keeps the first time.
    await supertest(ctx.app).get(path).expect(200);
    await supertest(ctx.app).head(path).expect(200);
    expect((await recipientOf(id, first.id)).openedAt).toEqual(firstOpen);
    expect(await countsOf(id)).toMatchObject({ opens: 1, clicks: 0 });
  });

  it("answer 404 to a malformed, forged or other purpose's token and count nothing", async () => {
    const who = await contact();
    const id = await sentCampaign([who.id], { trackOpens: true });
    const recipient = await recipientOf(id, who.id);
    const unsubscribe = recipientToken(TEST_SECRET, recipient.id, "unsubscribe");
    const valid = recipientToken(TEST_SECRET, recipient.id, "open");
    for (const bad of ["nonsense", `${valid}x`, unsubscribe, `${valid.split(".")[0]}.AAAAAAAAAAAAAAAAAAAAAA`, recipientToken(TEST_SECRET, 2_000_000_000, "open")]) {
      await supertest(ctx.app).get(`/o/${bad}`).expect(404);
    }
    expect((await countsOf(id)).opens).toBe(0);
  });

  it("refuse a trackOpens that is not true or false, changing nothing", async () => {
    const c = (await admin.post("/api/campaigns").send({ name: "Opens", subject: "S" }).expect(201)).body as { id: number; trackOpens: boolean };
    expect(c.trackOpens).toBe(false);
    const res = await admin.patch(`/api/campaigns/${c.id}`).send({ trackOpens: "yes" }).expect(400);
    expect(JSON.stringify(res.body)).toContain("trackOpens must be true or false");
    expect((await admin.get(`/api/campaigns/${c.id}`).expect(200)).body.trackOpens).toBe(false);
    await admin.patch(`/api/campaigns/${c.id}`).send({ trackOpens: true }).expect(200);
    expect((await admin.get(`/api/campaigns/${c.id}`).expect(200)).body).toMatchObject({ trackOpens: true, counts: { opens: 0 } });
  });
});

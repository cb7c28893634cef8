// The deal room's rules, agreements and grants, end to end through the app: a buyer requests from
// the public page, reads the signing link from a real (loopback) SMTP server, signs, and gets a
// grant by the room's approval rule; the signed PDF reads right and verifies; members approve,
// revoke and extend; closing the deal, revoking and running out each end access on the next request.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import supertest from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PublicUser } from "../../../shared/schema.js";
import { auditEvents, caSignatures, jobs, leadListings, leads, notifications, rateLimitCounters, roomGrants, roomRequests, roomRules } from "../../db/tables.js";
import { createMailTransport, type MailTransport } from "../../integrations/mail/mail-transport.js";
import { startTestSmtpServer, type TestSmtpServer } from "../../integrations/mail/test-smtp-server.js";
import { runDueJobs } from "../../jobs/worker.js";
import { createAgent, createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { RENT_ROLL_CSV, uploadDocumentFile } from "../documents/test-documents.js";
import { mailJobHandlers } from "../mail/service.js";

const ORIGIN = "https://desk.example.com";
let ctx: TestContext;
let smtp: TestSmtpServer;
let transport: MailTransport;
let admin: { user: PublicUser; agent: TestClient };
let member: { user: PublicUser; agent: TestClient };
let profileId: string;
beforeAll(async () => {
  // Behind a proxy, so the rate limits can be shown per address with X-Forwarded-For.
  ctx = await createTestContext({ sendsMail: true, env: { PUBLIC_URL: ORIGIN, TRUST_PROXY: 1 } as never });
  smtp = await startTestSmtpServer();
  transport = createMailTransport({ smtpUrl: smtp.url, from: "Listing Desk <desk@example.com>" });
  admin = await ctx.userAgent({ isAdmin: true });
  member = await ctx.userAgent();
  const profile = await createAgent(ctx.db, { name: "Marcus Reed", email: member.user.email });
  await admin.agent.patch(`/api/agents/${profile.id}`).send({ userId: member.user.id }).expect(200);
  profileId = profile.id;
});
afterAll(async () => {
  transport.close();
  await smtp.close();
  await ctx.close();
});
beforeEach(async () => {
  await ctx.db.delete(rateLimitCounters);
  await ctx.db.delete(jobs);
});

const anonymous = () => supertest(ctx.app);
let n = 0;
const uniq = () => `${++n}${Math.random().toString(36).slice(2, 7)}`;

/** A published listing whose agent is linked to `member`, with its room set by `rules`. */
async function roomListing(rules: Record<string, unknown> = { enabled: true, approval: "auto" }) {
  const listing = await createListing(ctx.db, { listingName: `Harbor Point ${uniq()}`, agentId: profileId });
  const published = await admin.agent.put(`/api/listings/${listing.id}/publication`).send({ published: true }).expect(200);
  await member.agent.put(`/api/listings/${listing.id}/room`).send(rules).expect(200);
  return { listing, path: new URL(published.body.url).pathname };
}

async function sendQueuedMail() {
  for (let pass = 0; pass < 3; pass++) {
    const r = await runDueJobs(ctx.db, mailJobHandlers(transport), { now: new Date(Date.now() + 60_000) });
    if (r.done + r.failed === 0) break;
  }
}
const mailsTo = (address: string) => smtp.received.filter((m) => m.envelopeTo.includes(address));
/** The path of the last mailed link to `address` starting with `prefix` (from the text part). */
function mailedLink(address: string, prefix: string): string {
  const texts = mailsTo(address).map((m) => m.parsed.text ?? "");
  const links = texts.flatMap((t) => [...t.matchAll(new RegExp(`${ORIGIN}(${prefix}[A-Za-z0-9_-]+)`, "g"))].map((x) => x[1]));
  expect(links.length, `a ${prefix} link mailed to ${address}`).toBeGreaterThan(0);
  return links[links.length - 1];
}

const buyer = (role = "principal") => ({ name: "Priya Natarajan", email: `priya${uniq()}@example.com`, company: "Natarajan Capital", phone: "555-0100", role });

/** Request → mail → the signing page's path. */
async function requestLink(path: string, person = buyer()) {
  await anonymous().post(`${path}/room/requests`).send(person).expect(201, { ok: true });
  await sendQueuedMail();
  return mailedLink(person.email, "/r/sign/");
}

async function requestAndSign(path: string, person = buyer()) {
  const link = await requestLink(path, person);
  const page = await anonymous().get(link).expect(200);
  const signed = await anonymous().post(link).set("User-Agent", "TestBrowser/1.0").send({ signedName: person.name, consent: true }).expect(201);
  await sendQueuedMail();
  return { person, link, page, status: signed.body.status as string };
}

const grantsOf = async (listingId: string) => (await member.agent.get(`/api/listings/${listingId}/room/grants`).expect(200)).body as { id: number; email: string; status: string; level: string; source: string; caPdfUrl: string | null; approvedBy: unknown; leadId: number }[];
const pdfText = (pdf: Buffer) => execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf }).toString("utf8");
const binary = ((res: NodeJS.ReadableStream, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on("data", (c: Buffer) => chunks.push(c));
  res.on("end", () => cb(null, Buffer.concat(chunks)));
}) as unknown as Parameters<supertest.Test["parse"]>[0];

describe("the room's rules", () => {
  it("start closed with the defaults, save what is sent with a timeline entry, and refuse bad input changing nothing", async () => {
    const listing = await createListing(ctx.db);
    const url = `/api/listings/${listing.id}/room`;
    expect((await member.agent.get(url).expect(200)).body).toMatchObject({ enabled: false, caRequired: true, approval: "manual", caTemplateId: null, accessDays: 90, mailReady: true });
    for (const bad of [{ enabled: "yes" }, { enabled: true, approval: "sometimes" }, { enabled: true, accessDays: 0 }, { enabled: true, caTemplateId: 999999 }, { enabled: true, extra: 1 }]) {
      const res = await member.agent.put(url).send(bad).expect(400);
      expect(res.body.message).toBeTruthy();
    }
    expect(await ctx.db.select().from(roomRules).where(eq(roomRules.listingId, listing.id))).toEqual([]);
    const saved = await member.agent.put(url).send({ enabled: true, approval: "auto-principals", accessDays: 30 }).expect(200);
    expect(saved.body).toMatchObject({ enabled: true, approval: "auto-principals", accessDays: 30 });
    const entries = await ctx.db.select().from(auditEvents).where(and(eq(auditEvents.listingId, listing.id), eq(auditEvents.kind, "listing.room-rules-changed")));
    expect(entries).toHaveLength(1);
    // The same rules again: nothing changed, nothing logged.
    await member.agent.put(url).send({ enabled: true, approval: "auto-principals", accessDays: 30 }).expect(200);
    expect(await ctx.db.select().from(auditEvents).where(and(eq(auditEvents.listingId, listing.id), eq(auditEvents.kind, "listing.room-rules-changed")))).toHaveLength(1);
  });

  it("show the request form on the public page only while the room is enabled", async () => {
    const { listing, path } = await roomListing({ enabled: false });
    expect((await anonymous().get(path).expect(200)).text).not.toContain("Request the offering memorandum");
    await anonymous().post(`${path}/room/requests`).send(buyer()).expect(404);
    await ctx.afterChange(() => member.agent.put(`/api/listings/${listing.id}/room`).send({ enabled: true }).expect(200));
    const page = await anonymous().get(path).expect(200);
    expect(page.text).toContain("Request the offering memorandum");
    expect(page.text).toContain(`action="${path}/room/requests"`);
  });
});

describe("agreement templates", () => {
  it("ship a default marked as a template to review with counsel; admins add versions, old ones stay", async () => {
    const list = (await member.agent.get("/api/ca-templates").expect(200)).body as { id: number; version: number; body: string; versions: unknown[] }[];
    expect(list[0].body).toContain("REVIEW WITH YOUR COUNSEL");
    const body = "The recipient keeps the offering memorandum and every other document confidential and uses it only to evaluate the property. ".repeat(3);
    await member.agent.post("/api/ca-templates").send({ name: "Strict CA", body }).expect(403);
    await admin.agent.post("/api/ca-templates").send({ name: "Strict CA", body: "too short" }).expect(400);
    const made = (await admin.agent.post("/api/ca-templates").send({ name: "Strict CA", body }).expect(201)).body;
    expect(made).toMatchObject({ name: "Strict CA", version: 1 });
    const next = (await admin.agent.put(`/api/ca-templates/${made.id}`).send({ name: "Strict CA", body: `${body} Version two.` }).expect(200)).body;
    expect(next.version).toBe(2);
    expect(next.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    // The same text again is no new version.
    expect((await admin.agent.put(`/api/ca-templates/${made.id}`).send({ name: "Strict CA", body: `${body} Version two.` }).expect(200)).body.version).toBe(2);
    await admin.agent.put("/api/ca-templates/999999").send({ name: "X", body }).expect(404);
    const logged = await ctx.db.select().from(auditEvents).where(eq(auditEvents.kind, "room.ca-template-versioned"));
    expect(logged.length).toBeGreaterThanOrEqual(2);
  });

  it("bind a signature to the version its link was made with, whatever is saved after", async () => {
    const body = "Version one of this agreement: the recipient keeps everything it reads confidential and uses it only to evaluate the property. ".repeat(2);
    const made = (await admin.agent.post("/api/ca-templates").send({ name: "Bound CA", body }).expect(201)).body;
    const { listing, path } = await roomListing({ enabled: true, approval: "auto", caTemplateId: made.id });
    const person = buyer();
    const link = await requestLink(path, person);
    await admin.agent.put(`/api/ca-templates/${made.id}`).send({ name: "Bound CA", body: body.replaceAll("Version one", "Version two") }).expect(200);
    const page = await anonymous().get(link).expect(200);
    expect(page.text).toContain("Version one of this agreement");
    await anonymous().post(link).send({ signedName: person.name, consent: true }).expect(201);
    const [signature] = await ctx.db.select().from(caSignatures).where(eq(caSignatures.listingId, listing.id));
    expect(signature.templateVersion).toBe(1);
    expect(signature.textSha256).toBe(made.sha256);
  });
});

describe("a buyer's way in", () => {
  it("auto: request → signing mail → sign → an active grant, a lead at inquired, the agent told, the room link mailed", async () => {
    const { listing, path } = await roomListing({ enabled: true, approval: "auto" });
    const { person, page, status } = await requestAndSign(path);
    expect(page.text).toContain("CONFIDENTIALITY AGREEMENT");
    expect(page.text).toContain('name="signedName"');
    expect(page.text).toContain('name="consent"');
    expect(status).toBe("active");
    const [grant] = await grantsOf(listing.id);
    expect(grant).toMatchObject({ email: person.email, status: "active", level: "ca", source: "signed" });
    const [interest] = await ctx.db.select().from(leadListings).where(and(eq(leadListings.leadId, grant.leadId), eq(leadListings.listingId, listing.id)));
    expect(interest.stage).toBe("inquired");
    const bell = await ctx.db.select().from(notifications).where(eq(notifications.listingId, listing.id));
    expect(bell.map((b) => [b.userId, b.message])).toEqual([[member.user.id, `${person.name} (${person.company}) signed the confidentiality agreement for ${listing.listingName}`]]);
    // The room link works, and says until when.
    const room = await anonymous().get(mailedLink(person.email, "/r/")).expect(200);
    expect(room.text).toContain(listing.listingName);
    expect(room.text).toContain("Your access is active until");
    // The signed agreement went to the signer and the agent, attached.
    for (const to of [person.email, member.user.email!]) {
      const withPdf = mailsTo(to).find((m) => m.parsed.attachments.some((a) => a.contentType === "application/pdf"));
      expect(withPdf, `a signed CA mailed to ${to}`).toBeDefined();
    }
    // The timeline says who signed.
    const entries = await ctx.db.select().from(auditEvents).where(and(eq(auditEvents.listingId, listing.id), eq(auditEvents.kind, "listing.room-ca-signed")));
    expect(entries).toHaveLength(1);
  });

  it("joins the lead an earlier inquiry made, keeping a stage further on", async () => {
    const { listing, path } = await roomListing({ enabled: true, approval: "auto" });
    const person = buyer();
    await anonymous().post(`${path}/inquiries`).send({ ...person, message: "Send the OM please" }).expect(201);
    const [lead] = await ctx.db.select().from(leads).where(eq(leads.email, person.email));
    await ctx.db.update(leadListings).set({ stage: "toured" }).where(eq(leadListings.leadId, lead.id));
    await requestAndSign(path, person);
    const [grant] = await grantsOf(listing.id);
    expect(grant.leadId).toBe(lead.id);
    const [interest] = await ctx.db.select().from(leadListings).where(eq(leadListings.leadId, lead.id));
    expect(interest.stage).toBe("toured");
  });

  it("manual: the grant waits; the agent hears approval is waiting; a member's approval activates it and mails the room link", async () => {
    const { listing, path } = await roomListing({ enabled: true, approval: "manual" });
    const { person, status } = await requestAndSign(path);
    expect(status).toBe("pending");
    expect(mailsTo(person.email).some((m) => /\/r\/[A-Za-z0-9_-]{22}\b/.test(m.parsed.text ?? ""))).toBe(false);
    const bell = await ctx.db.select().from(notifications).where(eq(notifications.listingId, listing.id));
    expect(bell[0].message).toContain("waits for approval");
    expect(mailsTo(member.user.email!).some((m) => m.parsed.subject?.startsWith("Approval waiting"))).toBe(true);
    const [grant] = await grantsOf(listing.id);
    const approved = await member.agent.patch(`/api/listings/${listing.id}/room/grants/${grant.id}`).send({ status: "active" }).expect(200);
    expect(approved.body).toMatchObject({ status: "active", level: "approved", approvedBy: { id: member.user.id } });
    await sendQueuedMail();
    await anonymous().get(mailedLink(person.email, "/r/")).expect(200);
  });

  it("auto-principals: a principal gets in at once, a broker waits", async () => {
    const { listing, path } = await roomListing({ enabled: true, approval: "auto-principals" });
    expect((await requestAndSign(path, buyer("principal"))).status).toBe("active");
    expect((await requestAndSign(path, buyer("broker"))).status).toBe("pending");
    expect((await grantsOf(listing.id)).map((g) => g.status).sort()).toEqual(["active", "pending"]);
  });

  it("without a CA required, a request is let in by the approval rule at once, its room link mailed", async () => {
    const { listing, path } = await roomListing({ enabled: true, caRequired: false, approval: "auto" });
    const person = buyer();
    await anonymous().post(`${path}/room/requests`).send(person).expect(201);
    await sendQueuedMail();
    expect(mailsTo(person.email).some((m) => (m.parsed.text ?? "").includes("/r/sign/"))).toBe(false);
    await anonymous().get(mailedLink(person.email, "/r/")).expect(200);
    expect(await grantsOf(listing.id)).toMatchObject([{ email: person.email, status: "active", source: "waived", caPdfUrl: null }]);
  });

  it("a form request answers 303 back to the page, which says to check your email", async () => {
    const { path } = await roomListing();
    const res = await anonymous().post(`${path}/room/requests`).type("form").send(buyer()).expect(303);
    expect(res.headers.location).toBe(`${path}?room=sent#room`);
    expect((await anonymous().get(`${path}?room=sent`).expect(200)).text).toContain("Check your email");
  });

  it("bad input gets a clear 400 and sends nothing; a signature needs a name and consent", async () => {
    const { path } = await roomListing();
    const res = await anonymous().post(`${path}/room/requests`).send({ name: "", email: "not-an-email", role: "king" }).expect(400);
    expect(res.body.errors).toMatchObject({ name: "Please enter your name", email: "Please enter a valid email address", role: "Please choose what describes you" });
    expect(await ctx.db.select().from(jobs)).toEqual([]);
    const person = buyer();
    const link = await requestLink(path, person);
    expect((await anonymous().post(link).send({ signedName: person.name }).expect(400)).body.errors.consent).toContain("tick the box");
    expect((await anonymous().post(link).type("form").send({ signedName: "", consent: "on" }).expect(400)).text).toContain("Please type your full name to sign");
    // Still unsigned: the link still works.
    await anonymous().post(link).send({ signedName: person.name, consent: true }).expect(201);
  });
});

describe("signing links", () => {
  it("work once, and answer the same 404 as any unknown page after", async () => {
    const { path } = await roomListing();
    const unknownPage = (await anonymous().get("/l/AAAAAAAAAAAAAAAAAAAAAA").expect(404)).text;
    const { link, person } = await requestAndSign(path);
    expect((await anonymous().get(link).expect(404)).text).toBe(unknownPage);
    await anonymous().post(link).send({ signedName: person.name, consent: true }).expect(404);
    expect((await anonymous().get("/r/sign/AAAAAAAAAAAAAAAAAAAAAA").expect(404)).text).toBe(unknownPage);
    expect((await anonymous().get("/r/sign/nonsense").expect(404)).text).toBe(unknownPage);
    expect((await anonymous().get("/r/AAAAAAAAAAAAAAAAAAAAAA").expect(404)).text).toBe(unknownPage);
  });

  it("run out after 15 minutes, and are stored only as a hash", async () => {
    const { listing, path } = await roomListing();
    const link = await requestLink(path);
    const token = link.split("/").pop()!;
    const [request] = await ctx.db.select().from(roomRequests).where(eq(roomRequests.listingId, listing.id));
    expect(JSON.stringify(request)).not.toContain(token);
    expect(request.expiresAt.getTime() - request.createdAt.getTime()).toBe(15 * 60_000);
    await ctx.db.update(roomRequests).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(roomRequests.id, request.id));
    await anonymous().get(link).expect(404);
  });

  it("two signatures at once: one signs, the other finds the link gone", async () => {
    const { listing, path } = await roomListing();
    const person = buyer();
    const link = await requestLink(path, person);
    const results = await Promise.all([1, 2].map(() => anonymous().post(link).send({ signedName: person.name, consent: true })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 404]);
    expect(await ctx.db.select().from(roomGrants).where(eq(roomGrants.listingId, listing.id))).toHaveLength(1);
  });
});

describe("the signed agreement", () => {
  it("reads as the agreement plus a certificate, is served to members, and verifies only unchanged", async () => {
    const { listing, path } = await roomListing();
    const { person } = await requestAndSign(path);
    const [grant] = await grantsOf(listing.id);
    await anonymous().get(grant.caPdfUrl!).expect(401);
    const res = await member.agent.get(grant.caPdfUrl!).buffer(true).parse(binary).expect(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const pdf = res.body as Buffer;
    const text = pdfText(pdf);
    expect(text).toContain("CONFIDENTIALITY AGREEMENT");
    expect(text).toContain("Signature certificate");
    for (const field of [person.name, person.email, person.company, "TestBrowser/1.0", listing.listingName, "version 1"]) expect(text).toContain(field);
    const [signature] = await ctx.db.select().from(caSignatures).where(eq(caSignatures.grantId, grant.id));
    expect(text).toContain(signature.textSha256);
    expect(text).toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/);
    expect(signature.ip).toBeTruthy();
    expect(text).toContain(signature.ip!);

    const verify = (body: Buffer) => member.agent.post("/api/ca/verify").set("Content-Type", "application/pdf").send(body).expect(200);
    expect((await verify(pdf)).body).toEqual({ valid: true, signer: { name: person.name, email: person.email }, listingId: listing.id, signedAt: signature.signedAt.toISOString() });
    const changed = Buffer.from(pdf);
    changed[Math.floor(changed.length / 2)] ^= 0x01;
    expect((await verify(changed)).body).toEqual({ valid: false });
    expect((await verify(Buffer.from("%PDF-1.4 not ours"))).body).toEqual({ valid: false });
    await anonymous().post("/api/ca/verify").set("Content-Type", "application/pdf").send(pdf).expect(401);
    await member.agent.post("/api/ca/verify").send({}).expect(400);
  });
});

describe("grants", () => {
  it("revoked: the room answers 403 naming the agent on the very next request; approving again mails a new link", async () => {
    const { listing, path } = await roomListing();
    const { person } = await requestAndSign(path);
    const link = mailedLink(person.email, "/r/");
    await anonymous().get(link).expect(200);
    const [grant] = await grantsOf(listing.id);
    await member.agent.patch(`/api/listings/${listing.id}/room/grants/${grant.id}`).send({ status: "revoked" }).expect(200);
    const ended = await anonymous().get(link).expect(403);
    expect(ended.text).toContain("Your access has ended — contact Marcus Reed");
    await member.agent.patch(`/api/listings/${listing.id}/room/grants/${grant.id}`).send({ status: "active" }).expect(200);
    await sendQueuedMail();
    const again = mailedLink(person.email, "/r/");
    expect(again).not.toBe(link);
    await anonymous().get(again).expect(200);
    await anonymous().get(link).expect(404);
  });

  it("extend moves the end; a past date is refused changing nothing; a grant past its end is expired on the next request", async () => {
    const { listing, path } = await roomListing();
    const { person } = await requestAndSign(path);
    const link = mailedLink(person.email, "/r/");
    const [grant] = await grantsOf(listing.id);
    const url = `/api/listings/${listing.id}/room/grants/${grant.id}`;
    await member.agent.patch(url).send({ expiresAt: "2001-01-01T00:00:00Z" }).expect(400);
    await member.agent.patch(url).send({}).expect(400);
    await member.agent.patch(url).send({ status: "pending" }).expect(400);
    expect((await grantsOf(listing.id))[0].status).toBe("active");
    const later = new Date(Date.now() + 200 * 86_400_000).toISOString();
    expect((await member.agent.patch(url).send({ expiresAt: later }).expect(200)).body.expiresAt).toBe(later);
    await ctx.db.update(roomGrants).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(roomGrants.id, grant.id));
    await anonymous().get(link).expect(403);
    expect((await grantsOf(listing.id))[0].status).toBe("expired");
  });

  it("closing the deal expires every grant at once", async () => {
    const { listing, path } = await roomListing({ enabled: true, approval: "auto-principals" });
    const active = await requestAndSign(path, buyer("principal"));
    await requestAndSign(path, buyer("broker"));
    const link = mailedLink(active.person.email, "/r/");
    await anonymous().get(link).expect(200);
    await member.agent.patch(`/api/listings/${listing.id}`).send({ dealStage: "Closed" }).expect(200);
    expect((await grantsOf(listing.id)).map((g) => g.status)).toEqual(["expired", "expired"]);
    await anonymous().get(link).expect(403);
    const [grant] = await grantsOf(listing.id);
    await member.agent.patch(`/api/listings/${listing.id}/room/grants/${grant.id}`).send({ status: "active" }).expect(400);
  });

  it("members let in someone who signed elsewhere with the signed copy uploaded as proof, read by members only; the room link is mailed", async () => {
    const { listing } = await roomListing();
    const url = `/api/listings/${listing.id}/room/grants`;
    const pdf = await PDFDocument.create();
    pdf.addPage().drawText("Signed at the buyer's attorney's office", { x: 50, y: 700 });
    const signedCopy = Buffer.from(await pdf.save());
    const email = `dana${uniq()}@example.com`;
    const dana = { name: "Dana Whitfield", email, company: "Whitfield Partners", role: "broker", source: "signed-elsewhere" };
    const grants = async () => (await ctx.db.select().from(roomGrants).where(eq(roomGrants.listingId, listing.id))).length;

    // Bad input changes nothing: no proof, a link elsewhere, not a PDF, someone else's upload, an end in the past.
    await member.agent.post(url).send({ source: "signed-elsewhere" }).expect(400);
    await member.agent.post(url).send({ name: "Dana", email: "dana@example.com", source: "forged" }).expect(400);
    await member.agent.post(url).send({ leadId: 99999999, source: "waived" }).expect(400);
    expect((await member.agent.post(url).send(dana).expect(400)).body.errors).toEqual({ proofUrl: "Upload the signed copy of the agreement (a PDF) as proof" });
    await member.agent.post(url).send({ ...dana, proofUrl: "https://files.example.com/dana-ca.pdf" }).expect(400);
    const csv = await uploadDocumentFile(member.agent, "dana-ca.csv", RENT_ROLL_CSV);
    expect((await member.agent.post(url).send({ ...dana, proofUrl: csv }).expect(400)).body.errors).toEqual({ proofUrl: "The signed copy must be a PDF" });
    const othersUpload = await uploadDocumentFile(admin.agent, "dana-ca.pdf", signedCopy);
    await member.agent.post(url).send({ ...dana, proofUrl: othersUpload }).expect(403);
    const proofUrl = await uploadDocumentFile(member.agent, "dana-ca.pdf", signedCopy);
    await member.agent.post(url).send({ ...dana, proofUrl, expiresAt: new Date(Date.now() - 60_000).toISOString() }).expect(400);
    expect(await grants()).toBe(0);

    const until = new Date(Date.now() + 10 * 86_400_000);
    until.setUTCMilliseconds(0);
    const made = await member.agent.post(url).send({ ...dana, proofUrl, level: "ca", expiresAt: until.toISOString() }).expect(201);
    expect(made.body).toMatchObject({ status: "active", level: "ca", source: "signed-elsewhere", role: "broker", company: "Whitfield Partners", expiresAt: until.toISOString(), caPdfUrl: null });
    expect(made.body.proofUrl).toBe(`${url}/${made.body.id}/proof`);
    // The upload's link is used up with the grant.
    await member.agent.post(url).send({ ...dana, proofUrl }).expect(400);

    // The signed copy, for members only; no buyer path or page names it.
    const proof = await member.agent.get(made.body.proofUrl).buffer(true).parse(binary).expect(200);
    expect(Buffer.compare(proof.body as Buffer, signedCopy)).toBe(0);
    expect(proof.headers).toMatchObject({ "content-type": "application/pdf", "cache-control": "private, no-store" });
    await anonymous().get(made.body.proofUrl).expect(401);
    // The upload's own address serves nothing.
    await anonymous().get(proofUrl).expect(404);

    // The timeline and the audit log name it, with the copy's hash.
    const [entry] = await ctx.db.select().from(auditEvents).where(and(eq(auditEvents.listingId, listing.id), eq(auditEvents.kind, "listing.room-grant-added")));
    expect(entry.data).toMatchObject({ grantId: made.body.id, source: "signed-elsewhere", proof: { fileName: "dana-ca.pdf", sha256: createHash("sha256").update(signedCopy).digest("hex") } });

    await sendQueuedMail();
    const room = mailedLink(email, "/r/");
    const page = await anonymous().get(room).expect(200);
    expect(page.text).not.toContain("/proof");
    expect(page.text).not.toContain(proofUrl);
  });
});

describe("rate limits", () => {
  it("allow 5 requests an hour per address, and 5 per email from any address", async () => {
    const { path } = await roomListing();
    const from = (ip: string) => anonymous().post(`${path}/room/requests`).set("X-Forwarded-For", ip);
    for (let i = 0; i < 5; i++) await from("203.0.113.7").send(buyer()).expect(201);
    const refused = await from("203.0.113.7").send(buyer()).expect(429);
    expect(refused.body.message).toContain("several times in the last hour");
    const person = buyer();
    for (let i = 0; i < 5; i++) await from(`198.51.100.${i + 1}`).send(person).expect(201);
    await from("198.51.100.99").send({ ...person, email: person.email.toUpperCase() }).expect(429);
  });
});

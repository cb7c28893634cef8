// Publishing the OM to the deal room, through the app with a loopback SMTP server: the first
// publish makes the "Offering memorandum" document at level ca, the next adds a version, and the
// buyers still let in whose newest copy is older (the recall list) get one mail each with the
// member's summary; the listing's agent and admins only; bad input changes nothing.
import { execFileSync } from "node:child_process";
import { and, eq } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ListingDocument } from "../../../shared/documents.js";
import type { OmPublished } from "../../../shared/om-sections.js";
import type { PublicUser } from "../../../shared/schema.js";
import { auditEvents, roomGrants } from "../../db/tables.js";
import { createMailTransport, type MailTransport } from "../../integrations/mail/mail-transport.js";
import { startTestSmtpServer, type TestSmtpServer } from "../../integrations/mail/test-smtp-server.js";
import { runDueJobs } from "../../jobs/worker.js";
import { createAgent, createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { TIMEOUT } from "../../../testing/timeouts.js";
import { hashToken, newToken } from "../deal-room/tokens.js";
import { mailJobHandlers } from "../mail/service.js";

let ctx: TestContext;
let smtp: TestSmtpServer;
let transport: MailTransport;
let admin: { user: PublicUser; agent: TestClient };
let member: { user: PublicUser; agent: TestClient };
let otherMember: { user: PublicUser; agent: TestClient };
let profileId: string;
beforeAll(async () => {
  ctx = await createTestContext({ sendsMail: true });
  smtp = await startTestSmtpServer();
  transport = createMailTransport({ smtpUrl: smtp.url, from: "Listing Desk <desk@example.com>" });
  admin = await ctx.userAgent({ isAdmin: true });
  member = await ctx.userAgent();
  otherMember = await ctx.userAgent();
  profileId = (await createAgent(ctx.db, { name: "Marcus Reed", email: member.user.email, userId: member.user.id })).id;
}, TIMEOUT.serverSetup);
afterAll(async () => {
  transport.close();
  await smtp.close();
  await ctx.close();
});

let n = 0;
const uniq = () => `${++n}${Math.random().toString(36).slice(2, 7)}`;
// Letting a buyer in mails their room link too: only the OM's notices are counted here.
const mailsTo = (address: string) => smtp.received.filter((m) => m.envelopeTo.includes(address) && m.parsed.subject?.startsWith("New offering memorandum"));

async function sendQueuedMail() {
  for (let pass = 0; pass < 3; pass++) {
    const r = await runDueJobs(ctx.db, mailJobHandlers(transport), { now: new Date(Date.now() + 60_000) });
    if (r.done + r.failed === 0) break;
  }
}

/** A listing whose agent is `member`'s profile, its room open. */
async function roomListing() {
  const listing = await createListing(ctx.db, { listingName: `Harbor Point ${uniq()}`, offeringType: "Sell", askingPrice: 2_400_000, agentId: profileId });
  await member.agent.put(`/api/listings/${listing.id}/room`).send({ enabled: true, approval: "auto" }).expect(200);
  return listing;
}

/** A buyer let in at `ca`, with a room token the test knows. */
async function buyer(listingId: string) {
  const email = `buyer${uniq()}@example.com`;
  const made = await member.agent.post(`/api/listings/${listingId}/room/grants`).send({ name: `Buyer ${uniq()}`, email, source: "waived", level: "ca" }).expect(201);
  const token = newToken();
  await ctx.db.update(roomGrants).set({ tokenHash: hashToken(token) }).where(eq(roomGrants.id, made.body.id));
  return { id: made.body.id as number, email, room: `/r/${token}` };
}

const publish = (who: TestClient, listingId: string, summary: unknown) => who.post(`/api/listings/${listingId}/om/publish`).send({ summary });
const omDocument = async (listingId: string) =>
  ((await member.agent.get(`/api/listings/${listingId}/documents`).expect(200)).body as ListingDocument[]).find((d) => d.title === "Offering memorandum");

describe("POST /api/listings/:id/om/publish", () => {
  it("stores the OM as the Offering memorandum document at level ca, then as its next version, mailing only the buyers holding an older one", async () => {
    const listing = await roomListing();
    const first = (await publish(member.agent, listing.id, "First version").expect(201)).body as OmPublished;
    expect(first).toMatchObject({ documentVersion: 1, omVersion: 1, notified: 0 });
    const doc = (await omDocument(listing.id))!;
    expect(doc).toMatchObject({ id: first.documentId, level: "ca", version: 1, contentType: "application/pdf", downloadable: true, note: null });
    expect(doc.pageCount).toBeGreaterThanOrEqual(5);

    // Three buyers: one downloads v1, one opens nothing, one downloads v1 and is revoked after.
    const [holder, idle, revoked] = [await buyer(listing.id), await buyer(listing.id), await buyer(listing.id)];
    for (const b of [holder, revoked]) {
      const file = await supertest(ctx.app).get(`${b.room}/documents/${doc.id}?download=1`).buffer(true).expect(200);
      // Every buyer gets it watermarked with their own address.
      expect(execFileSync("pdftotext", ["-", "-"], { input: file.body as Buffer }).toString("utf8")).toContain(b.email);
    }
    await member.agent.patch(`/api/listings/${listing.id}/room/grants/${revoked.id}`).send({ status: "revoked" }).expect(200);

    // The rent roll changes, so the OM does; the agent publishes it with what changed.
    await member.agent.post(`/api/listings/${listing.id}/rent-roll`).send({ tenant: "Corner Cafe", suite: "100", sizeSf: 2000, annualRent: 48_000 }).expect(201);
    const summary = "Suite 100 leased to Corner Cafe; rent roll and NOI updated.";
    const second = (await publish(member.agent, listing.id, `  ${summary} `).expect(201)).body as OmPublished;
    expect(second).toEqual({ documentId: doc.id, documentVersion: 2, omVersion: 2, notified: 1 });
    expect(await omDocument(listing.id)).toMatchObject({ version: 2, level: "ca" });
    const newest = await supertest(ctx.app).get(`${holder.room}/documents/${doc.id}?download=1`).buffer(true).expect(200);
    expect(execFileSync("pdftotext", ["-", "-"], { input: newest.body as Buffer }).toString("utf8")).toContain("Corner Cafe");

    await sendQueuedMail();
    const mails = mailsTo(holder.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].parsed.subject).toBe(`New offering memorandum for ${listing.listingName}`);
    expect(mails[0].parsed.text).toContain(`What changed: ${summary}`);
    expect(mailsTo(idle.email)).toHaveLength(0);
    expect(mailsTo(revoked.email)).toHaveLength(0);

    const entries = await ctx.db.select().from(auditEvents).where(and(eq(auditEvents.listingId, listing.id), eq(auditEvents.kind, "listing.om-published")));
    expect(entries.map((e) => e.data)).toEqual([
      { documentId: doc.id, documentVersion: 1, omVersion: 1, summary: "First version", notified: 0 },
      { documentId: doc.id, documentVersion: 2, omVersion: 2, summary, notified: 1 },
    ]);
  });

  it("takes the listing's agent and admins only, and refuses a missing or long summary, changing nothing", async () => {
    const listing = await roomListing();
    const refused = await publish(otherMember.agent, listing.id, "Mine now").expect(403);
    expect(refused.body.message).toBe("Only an admin or the listing's agent can publish its offering memorandum to the deal room");
    expect((await publish(member.agent, listing.id, "   ").expect(400)).body.message).toContain("Write a short summary of what changed");
    expect((await publish(member.agent, listing.id, "x".repeat(301)).expect(400)).body.message).toContain("at most 300 characters");
    await member.agent.post(`/api/listings/${listing.id}/om/publish`).send({}).expect(400);
    expect(await omDocument(listing.id)).toBeUndefined();
    expect((await publish(admin.agent, listing.id, "Published by the office").expect(201)).body).toMatchObject({ documentVersion: 1 });
    await publish(member.agent, "00000000-0000-4000-8000-000000000000", "Nothing here").expect(404);
  });
});

// Who hears of an inquiry: the member linked to the
// listing's agent by bell, event stream and mail (sent here through the loopback SMTP server), else
// the admins with the reason; and the public page promises the agent only when they will be told.
import { eq } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PublicUser } from "../../../shared/schema.js";
import { jobs, notifications, rateLimitCounters } from "../../db/tables.js";
import type { BusMessage } from "../../events/change-bus.js";
import { createMailTransport, type MailTransport } from "../../integrations/mail/mail-transport.js";
import { startTestSmtpServer, type TestSmtpServer } from "../../integrations/mail/test-smtp-server.js";
import { runDueJobs } from "../../jobs/worker.js";
import { createAgent, createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { mailJobHandlers } from "../mail/service.js";
import { NO_LINKED_AGENT } from "./service.js";

let ctx: TestContext;
let smtp: TestSmtpServer;
let transport: MailTransport;
let admin: { user: PublicUser; agent: TestClient };
beforeAll(async () => {
  ctx = await createTestContext({ sendsMail: true });
  smtp = await startTestSmtpServer();
  transport = createMailTransport({ smtpUrl: smtp.url, from: "Listing Desk <desk@example.com>" });
  admin = await ctx.userAgent({ isAdmin: true });
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

/** A published listing whose agent profile is "Marcus Reed", linked to a new member (unless `linked` is false). */
async function agentsListing(opts: { linked?: boolean } = {}) {
  n += 1;
  const marcus = await ctx.userAgent({ username: `marcus_${n}_${Math.random().toString(36).slice(2, 6)}` });
  const profile = await createAgent(ctx.db, { name: "Marcus Reed", email: marcus.user.email });
  if (opts.linked !== false) await admin.agent.patch(`/api/agents/${profile.id}`).send({ userId: marcus.user.id }).expect(200);
  const listing = await createListing(ctx.db, { listingName: `Harbor Point ${n}`, agentId: profile.id });
  const res = await admin.agent.put(`/api/listings/${listing.id}/publication`).send({ published: true }).expect(200);
  return { marcus, listing, path: new URL(res.body.url).pathname };
}

async function inquire(path: string) {
  const email = `buyer${Math.random().toString(36).slice(2, 8)}@example.com`;
  await anonymous()
    .post(`${path}/inquiries`)
    .type("form")
    .send({ name: "Priya Natarajan", email, role: "principal", message: "Please send the rent roll, T-12 and OM. 1031 buyer." })
    .expect(303);
  return anonymous().get(`${path}?sent=1`).expect(200);
}

const bellOf = async (listingId: string) =>
  (await ctx.db.select({ userId: notifications.userId, message: notifications.message, type: notifications.type }).from(notifications).where(eq(notifications.listingId, listingId)));

async function sendQueuedMail() {
  for (let pass = 0; pass < 3; pass++) {
    const r = await runDueJobs(ctx.db, mailJobHandlers(transport), { now: new Date(Date.now() + 60_000) });
    if (r.done + r.failed === 0) break;
  }
}
const mailsTo = (address: string | null) => smtp.received.filter((m) => address !== null && m.envelopeTo.includes(address));

describe("an inquiry about a listing whose agent is linked to a member", () => {
  it("reaches that member by bell, event stream and mail (agents' All inquiries are off), and the page names them", async () => {
    const { marcus, listing, path } = await agentsListing();
    const streamed = new Promise<BusMessage>((resolve) => {
      const stop = ctx.changes.subscribe((m) => {
        if (m.type === "change" && m.change.kind === "notifications" && m.change.ids?.includes(marcus.user.id)) {
          stop();
          resolve(m);
        }
      });
    });
    const thanks = await inquire(path);
    await streamed;
    expect(thanks.text).toContain("Thank you. Your message was sent; Marcus Reed will be in touch.");
    const bell = await bellOf(listing.id);
    expect(bell.map((b) => b.userId).sort()).toEqual([admin.user.id, marcus.user.id].sort());
    expect(bell.every((b) => b.type === "inquiry" && b.message === `New inquiry from Priya Natarajan about ${listing.listingName}`)).toBe(true);
    // The member's own notifications list has it.
    const mine = (await marcus.agent.get("/api/notifications").expect(200)).body as { listingId: string; type: string }[];
    expect(mine.some((x) => x.listingId === listing.id && x.type === "inquiry")).toBe(true);

    await sendQueuedMail();
    const [mail] = mailsTo(marcus.user.email);
    expect(mail.parsed.subject).toBe(`New inquiry from Priya Natarajan about ${listing.listingName}`);
    expect(mail.parsed.text).toContain("Please send the rent roll, T-12 and OM. 1031 buyer.");
  });

  it("is heard once by a linked agent who also has All inquiries on", async () => {
    const { marcus, listing, path } = await agentsListing();
    await marcus.agent.put("/api/settings/inquiry-alerts").send({ enabled: true }).expect(200);
    await inquire(path);
    expect((await bellOf(listing.id)).filter((b) => b.userId === marcus.user.id)).toHaveLength(1);
  });
});

describe("when no agent will hear of it", () => {
  it("no linked agent: every active admin hears (All inquiries off too), the notice says so, and the page says our team", async () => {
    const quietAdmin = await ctx.userAgent({ isAdmin: true });
    await quietAdmin.agent.put("/api/settings/inquiry-alerts").send({ enabled: false }).expect(200);
    const { marcus, listing, path } = await agentsListing({ linked: false });
    const thanks = await inquire(path);
    expect(thanks.text).toContain("Thank you. Your message was sent; our team will be in touch.");
    expect(thanks.text).not.toContain("Marcus Reed will be in touch");
    const bell = await bellOf(listing.id);
    expect(bell.map((b) => b.userId)).toEqual(expect.arrayContaining([admin.user.id, quietAdmin.user.id]));
    expect(bell.some((b) => b.userId === marcus.user.id)).toBe(false);
    for (const b of bell) expect(b.message).toBe(`New inquiry from Priya Natarajan about ${listing.listingName} — ${NO_LINKED_AGENT}`);
    expect(NO_LINKED_AGENT).toBe("no agent is linked to this listing");
  });

  it("a listing with no agent at all: the admins hear, with the same words", async () => {
    const listing = await createListing(ctx.db, { listingName: `Bare Lot ${Math.random()}` });
    const res = await admin.agent.put(`/api/listings/${listing.id}/publication`).send({ published: true }).expect(200);
    const thanks = await inquire(new URL(res.body.url).pathname);
    expect(thanks.text).toContain("our team will be in touch.");
    const bell = await bellOf(listing.id);
    expect(bell.find((b) => b.userId === admin.user.id)?.message).toContain(`— ${NO_LINKED_AGENT}`);
  });

  it("the agent turned Inquiries about my listings off: they hear nothing, admins hear why, the page stops naming them; on again, it names them", async () => {
    const { marcus, listing, path } = await agentsListing();
    expect((await marcus.agent.get("/api/settings/inquiry-alerts").expect(200)).body).toEqual({ enabled: false, myListings: true });
    // Only the member turns their own off: an admin's change is the admin's own.
    await admin.agent.put("/api/settings/inquiry-alerts").send({ myListings: false }).expect(200);
    await admin.agent.put("/api/settings/inquiry-alerts").send({ myListings: true }).expect(200);
    expect((await marcus.agent.put("/api/settings/inquiry-alerts").send({ myListings: false }).expect(200)).body).toEqual({ enabled: false, myListings: false });
    const thanks = await inquire(path);
    expect(thanks.text).toContain("our team will be in touch.");
    const bell = await bellOf(listing.id);
    expect(bell.some((b) => b.userId === marcus.user.id)).toBe(false);
    expect(bell.find((b) => b.userId === admin.user.id)?.message).toContain("— Marcus Reed has turned off inquiries about their listings");

    await marcus.agent.put("/api/settings/inquiry-alerts").send({ myListings: true }).expect(200);
    expect((await inquire(path)).text).toContain("Marcus Reed will be in touch.");
  });

  it("the agent's account is deactivated: no alert reaches it, the link and its history stay, the admins hear why", async () => {
    const { marcus, listing, path } = await agentsListing();
    expect((await inquire(path)).text).toContain("Marcus Reed will be in touch.");
    await admin.agent.patch(`/api/team/members/${marcus.user.id}`).send({ isActive: false }).expect(200);
    const thanks = await inquire(path);
    expect(thanks.text).toContain("our team will be in touch.");
    const bell = await bellOf(listing.id);
    // The first inquiry's notice stays (history); the second never reached the deactivated account.
    expect(bell.filter((b) => b.userId === marcus.user.id)).toHaveLength(1);
    expect(bell.filter((b) => b.userId === admin.user.id).map((b) => b.message)).toContain(
      `New inquiry from Priya Natarajan about ${listing.listingName} — Marcus Reed's account is deactivated`,
    );
    const agentsList = (await admin.agent.get("/api/agents").expect(200)).body as { name: string; userId: number | null }[];
    expect(agentsList.some((a) => a.userId === marcus.user.id)).toBe(true);
  });
});

describe("PUT /api/settings/inquiry-alerts", () => {
  it("refuses bad input and changes nothing", async () => {
    const me = await ctx.userAgent();
    expect((await me.agent.put("/api/settings/inquiry-alerts").send({}).expect(400)).body.errors.enabled).toBe("Send enabled or myListings");
    expect((await me.agent.put("/api/settings/inquiry-alerts").send({ myListings: "no" }).expect(400)).body.errors.myListings).toBe("myListings must be true or false");
    expect((await me.agent.put("/api/settings/inquiry-alerts").send({ myListings: false, userId: 1 }).expect(400)).status).toBe(400);
    expect((await me.agent.get("/api/settings/inquiry-alerts").expect(200)).body).toEqual({ enabled: false, myListings: true });
  });
});

// The daily digest of prospects needing a follow-up, end to end against the loopback SMTP server
// the other mail tests use, on a clock the test controls: only members who chose it, once a day
// at the digest hour, per listing, and nothing a teammate could not see on the board.
import { sql } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailTransport, type MailTransport } from "../../integrations/mail/mail-transport.js";
import { startTestSmtpServer, type TestSmtpServer } from "../../integrations/mail/test-smtp-server.js";
import { runDueJobs, seedRecurringJobs } from "../../jobs/worker.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestContext } from "../../test/test-app.js";
import { mailJobHandlers, nextDigestTime } from "../mail/service.js";
import { prospectDigestJobHandlers } from "./digest.js";

let ctx: TestContext;
let smtp: TestSmtpServer;
let transport: MailTransport;
beforeAll(async () => {
  ctx = await createTestContext({ sendsMail: true });
  smtp = await startTestSmtpServer();
  transport = createMailTransport({ smtpUrl: smtp.url, from: "Listing Desk <desk@example.com>" });
});
afterAll(async () => {
  transport.close();
  await smtp.close();
  await ctx.close();
});

const DAY = 24 * 60 * 60_000;
const handlers = () => ({ ...mailJobHandlers(transport), ...prospectDigestJobHandlers("https://desk.example.com") });
async function drain(now: Date) {
  for (let pass = 0; pass < 5; pass++) {
    const r = await runDueJobs(ctx.db, handlers(), { now });
    if (r.done + r.failed === 0) break;
  }
}
const mailsTo = (address: string) => smtp.received.filter((m) => m.envelopeTo.includes(address));

describe("the prospects' daily digest", () => {
  it("mails members who chose it, at the digest hour, once a day, per listing, without internal fields", async () => {
    const { agent } = await ctx.userAgent();
    const chooser = await ctx.createUser({ email: "digest-on@example.com" });
    await ctx.createUser({ email: "digest-off@example.com" });
    const chooserClient = await ctx.signIn(chooser);
    expect((await chooserClient.get("/api/settings/prospect-digest").expect(200)).body).toEqual({ enabled: false });
    expect((await chooserClient.put("/api/settings/prospect-digest").send({ enabled: true }).expect(200)).body).toEqual({ enabled: true });
    expect((await chooserClient.put("/api/settings/prospect-digest").send({ enabled: "yes" }).expect(400)).body.errors).toEqual({ enabled: "enabled must be true or false" });
    await seedRecurringJobs(ctx.db, handlers());

    const plaza = await createListing(ctx.db, { listingName: "Plaza <b>North</b>" });
    const yard = await createListing(ctx.db, { listingName: "Rail Yard" });
    const add = async (listingId: string, name: string) =>
      (await agent.post(`/api/listings/${listingId}/prospects`).send({ name, email: `${name.split(" ")[0].toLowerCase()}@buyers.example.com`, phone: "412-555-0199", company: "Secret Co" }).expect(201)).body;
    const a = await add(plaza.id, "Avery Quiet");
    await add(yard.id, "Blake Quiet");
    await agent.patch(`/api/listings/${plaza.id}/prospects/${a.leadId}`).send({ stage: "toured", note: "private note about price" }).expect(200);

    const at = nextDigestTime(new Date());
    // Before the digest hour nothing goes; at it, everyone quiet 7 days by then is listed.
    await drain(new Date(at.getTime() - 60_000));
    expect(mailsTo("digest-on@example.com")).toHaveLength(0);
    const eightDaysOn = new Date(at.getTime() + 8 * DAY + 1000);
    await drain(eightDaysOn);
    const [mail, ...more] = mailsTo("digest-on@example.com");
    expect(more).toHaveLength(0);
    expect(mailsTo("digest-off@example.com")).toHaveLength(0);
    expect(mail.parsed.subject).toMatch(/^Listing Desk: \d+ prospects need a follow-up$/);
    const text = mail.parsed.text ?? "";
    expect(text).toMatch(/Plaza <b>North<\/b>\n- Avery Quiet \(Secret Co\): Toured, no activity for 8 days/);
    expect(text).toMatch(/Rail Yard\n- Blake Quiet \(Secret Co\): Inquired, no activity for 8 days/);
    expect(text).toContain("https://desk.example.com/leads");
    expect(mail.parsed.html).toContain("Plaza &lt;b&gt;North&lt;/b&gt;");
    // Each listing's name opens its page in the app.
    expect(text).toContain(`Open the listing: https://desk.example.com/listings/${plaza.id}`);
    expect(mail.parsed.html).toContain(`<a href="https://desk.example.com/listings/${plaza.id}">Plaza &lt;b&gt;North&lt;/b&gt;</a>`);
    for (const internal of ["buyers.example.com", "412-555-0199", "private note"]) expect(mail.raw).not.toContain(internal);

    // Again later the same day: nothing more. The next day: the next digest.
    await drain(new Date(eightDaysOn.getTime() + 6 * 60 * 60_000));
    expect(mailsTo("digest-on@example.com")).toHaveLength(1);
    await drain(new Date(eightDaysOn.getTime() + DAY));
    expect(mailsTo("digest-on@example.com")).toHaveLength(2);

    // Turned off: no more.
    await chooserClient.put("/api/settings/prospect-digest").send({ enabled: false }).expect(200);
    await drain(new Date(eightDaysOn.getTime() + 2 * DAY));
    expect(mailsTo("digest-on@example.com")).toHaveLength(2);
  });

  it("shows what a prospect last asked through the page, on a line of its own, and keeps typed line breaks out of its lines", async () => {
    const { agent } = await ctx.userAgent();
    const reader = await ctx.createUser({ email: "digest-asked@example.com" });
    await (await ctx.signIn(reader)).put("/api/settings/prospect-digest").send({ enabled: true }).expect(200);
    const listing = await createListing(ctx.db, { listingName: "Mill Street Lofts" });
    const published = await agent.put(`/api/listings/${listing.id}/publication`).send({ published: true }).expect(200);
    const message = `Please send the rent roll and T-12.\nFake: line. ${"We are a 1031 buyer with a 45-day close. ".repeat(4)}`;
    await supertest(ctx.app)
      .post(`${new URL(published.body.url, "http://any.example").pathname}/inquiries`)
      .send({ name: "Rowan\r\n- Fake Prospect (Evil Co): Closed", email: "rowan@buyers.example.com", role: "principal", message })
      .expect(201);

    await drain(new Date(nextDigestTime(new Date()).getTime() + 30 * DAY + 1000));
    const [mail] = mailsTo("digest-asked@example.com");
    const lines = (mail.parsed.text ?? "").split("\n");
    const at = lines.indexOf("Mill Street Lofts");
    expect(lines[at + 1]).toMatch(/^- Rowan - Fake Prospect \(Evil Co\): Closed: Inquired, no activity for \d+ days$/);
    expect(lines[at + 2]).toMatch(/^ {2}Asked: “Please send the rent roll and T-12\. Fake: line\. We are a 1031 buyer .*…”$/);
    // As much as the listing's board shows before "more": at most 90 characters with the ellipsis.
    expect(/“(.*)”/.exec(lines[at + 2])![1].length).toBeLessThanOrEqual(90);
    expect(lines.some((l) => l.startsWith("Fake: line"))).toBe(false);
    expect(mail.parsed.html).toContain("<br>Asked: “Please send the rent roll");
  });

  it("sends nothing when no prospect needs a follow-up", async () => {
    await ctx.db.execute(sql`delete from lead_listings`);
    const user = await ctx.createUser({ email: "nothing-due@example.com" });
    await (await ctx.signIn(user)).put("/api/settings/prospect-digest").send({ enabled: true }).expect(200);
    await drain(new Date(nextDigestTime(new Date()).getTime() + 20 * DAY + 1000));
    expect(mailsTo("nothing-due@example.com")).toHaveLength(0);
  });
});

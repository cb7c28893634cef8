// Email end to end against a real SMTP server on loopback: the app queues, the job handlers send
// on a clock the test controls (as the worker would, on any server, after any restart).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../db/tables.js";
import { loadEnv } from "../../env.js";
import { createMailTransport, type MailTransport } from "../../integrations/mail/mail-transport.js";
import { startTestSmtpServer, type TestSmtpServer } from "../../integrations/mail/test-smtp-server.js";
import { runDueJobs } from "../../jobs/worker.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { MENTION_DELAY_MS, mailJobHandlers, nextDigestTime, SEND_MAIL } from "./service.js";

const FROM = "Listing Desk <desk@example.com>";
let ctx: TestContext;
let smtp: TestSmtpServer;
let transport: MailTransport;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestContext({ sendsMail: true });
  smtp = await startTestSmtpServer();
  transport = createMailTransport({ smtpUrl: smtp.url, from: FROM });
  admin = (await ctx.userAgent({ isAdmin: true })).agent;
});
afterAll(async () => {
  transport.close();
  await smtp.close();
  await ctx.close();
});

const MINUTE = 60_000;
const later = (ms: number) => new Date(Date.now() + ms);

/** Runs due jobs at `now` until none is left, as the worker would. */
async function drain(now = new Date(), handlers = mailJobHandlers(transport)) {
  let total = { done: 0, failed: 0 };
  for (let pass = 0; pass < 5; pass++) {
    const r = await runDueJobs(ctx.db, handlers, { now });
    total = { done: total.done + r.done, failed: total.failed + r.failed };
    if (r.done + r.failed === 0) break;
  }
  return total;
}
const mailsTo = (address: string) => smtp.received.filter((m) => m.envelopeTo.includes(address));
const mention = (author: TestClient, listingId: string, username: string, text = "have a look") =>
  author.post(`/api/listings/${listingId}/notes`).send({ content: `@${username} ${text}` }).expect(201);

describe("invitation and reset emails", () => {
  it("emails the invitation link, and the link is still returned to copy", async () => {
    const res = await admin.post("/api/invitations").send({ email: "invitee@example.com" }).expect(201);
    expect(res.body.inviteLink).toContain("/auth?token=");
    await drain();
    const [mail] = mailsTo("invitee@example.com");
    expect(mail.parsed.subject).toMatch(/invited you to Listing Desk$/);
    expect(mail.parsed.from?.text).toBe('"Listing Desk" <desk@example.com>');
    expect(mail.parsed.text).toContain(res.body.inviteLink);
    expect(mail.parsed.html).toContain(`href="${res.body.inviteLink}"`);
    expect(smtp.logins).toContain("mailer");
  });

  it("emails a reset link to the member, carrying no other secret", async () => {
    const user = await ctx.createUser({ email: "resetme@example.com" });
    const { resetLink } = (await admin.post(`/api/team/members/${user.id}/reset-link`).expect(201)).body;
    await drain();
    const [mail] = mailsTo("resetme@example.com");
    expect(mail.parsed.subject).toBe("Set a new password for Listing Desk");
    expect(mail.parsed.text).toContain(resetLink);
    expect(mail.parsed.html).toContain(resetLink);
    expect(mail.raw).not.toMatch(/s3cret-pass|scrypt\$/);
  });
});

describe("mention emails", () => {
  it("right away: waits 10 minutes, then sends the mentions of that window as one message linking back", async () => {
    const { agent: author } = await ctx.userAgent();
    const target = await ctx.createUser({ email: "soon@example.com" });
    const a = await createListing(ctx.db);
    const b = await createListing(ctx.db);
    const first = (await mention(author, a.id, target.username)).body;
    const second = (await mention(author, b.id, target.username)).body;

    await drain(later(MENTION_DELAY_MS - MINUTE));
    expect(mailsTo("soon@example.com")).toHaveLength(0);
    await drain(later(MENTION_DELAY_MS + MINUTE));
    const mails = mailsTo("soon@example.com");
    expect(mails).toHaveLength(1);
    const { parsed } = mails[0];
    expect(parsed.subject).toBe("You were mentioned 2 times on Listing Desk");
    for (const note of [first, second]) expect(parsed.text).toMatch(new RegExp(`http://[^/\\s]+/\\?listingId=${note.listingId}&noteId=${note.id}\\s`));
    expect(parsed.html).toMatch(/href="http:\/\/[^"]+\/\?listingId=[^"]+&amp;noteId=\d+"/);
    // Nothing more later: both mentions were mailed.
    await drain(later(2 * MENTION_DELAY_MS + MINUTE));
    expect(mailsTo("soon@example.com")).toHaveLength(1);
  });

  it("sends nothing for a mention read in the app first", async () => {
    const { agent: author } = await ctx.userAgent();
    const target = await ctx.createUser({ email: "reader@example.com" });
    const reader = await ctx.signIn(target);
    await mention(author, (await createListing(ctx.db)).id, target.username);
    const [notification] = (await reader.get("/api/notifications")).body as { id: number }[];
    await reader.post(`/api/notifications/${notification.id}/read`).expect((r) => expect(r.status).toBeLessThan(300));
    await drain(later(MENTION_DELAY_MS + MINUTE));
    expect(mailsTo("reader@example.com")).toHaveLength(0);
  });

  it("daily digest: one message at the digest hour; off: none", async () => {
    const { agent: author } = await ctx.userAgent();
    const digest = await ctx.createUser({ email: "digest@example.com" });
    const quiet = await ctx.createUser({ email: "quiet@example.com" });
    await (await ctx.signIn(digest)).patch("/api/settings").send({ mentionEmail: "digest" }).expect(200);
    await (await ctx.signIn(quiet)).patch("/api/settings").send({ mentionEmail: "off" }).expect(200);
    const listing = await createListing(ctx.db);
    await mention(author, listing.id, digest.username, "first");
    await mention(author, listing.id, digest.username, "second");
    await mention(author, listing.id, quiet.username);

    await drain(later(MENTION_DELAY_MS + MINUTE));
    expect(mailsTo("digest@example.com")).toHaveLength(0);
    const at = nextDigestTime(new Date());
    await drain(new Date(at.getTime() + 1000));
    const [mail, ...more] = mailsTo("digest@example.com");
    expect(more).toHaveLength(0);
    expect(mail.parsed.subject).toBe("You were mentioned 2 times on Listing Desk today");
    expect(mailsTo("quiet@example.com")).toHaveLength(0);
  });

  it("keeps CR/LF in a listing name out of the headers", async () => {
    const { agent: author } = await ctx.userAgent();
    const target = await ctx.createUser({ email: "headers@example.com" });
    const listing = await createListing(ctx.db, { listingName: "Plaza\r\nBcc: thief@evil.example\r\nX-Evil: 1" });
    await mention(author, listing.id, target.username);
    await drain(later(MENTION_DELAY_MS + MINUTE));
    const [mail] = mailsTo("headers@example.com");
    expect(mail.envelopeTo).toEqual(["headers@example.com"]);
    expect(mail.parsed.headers.has("bcc")).toBe(false);
    expect(mail.parsed.headers.has("x-evil")).toBe(false);
    expect(mail.parsed.subject).toContain("Plaza Bcc: thief@evil.example X-Evil: 1");
  });
});

describe("delivery", () => {
  it("keeps mail queued while the SMTP server is unreachable, and a restarted server sends it once", async () => {
    const down = createMailTransport({ smtpUrl: "smtp://mailer:s3cret-pass@127.0.0.1:1", from: FROM });
    await admin.post("/api/invitations").send({ email: "patient@example.com" }).expect(201);
    expect(await drain(new Date(), mailJobHandlers(down))).toEqual({ done: 0, failed: 1 });
    down.close();
    const [queued] = await ctx.db.select().from(jobs).where(eq(jobs.kind, SEND_MAIL));
    expect(queued).toMatchObject({ attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED|connect/i) });
    expect(mailsTo("patient@example.com")).toHaveLength(0);

    // "After a restart": new handlers and a new transport, only the database in common.
    const restarted = createMailTransport({ smtpUrl: smtp.url, from: FROM });
    await drain(new Date(queued.runAt.getTime() + 1000), mailJobHandlers(restarted));
    await drain(later(24 * 60 * MINUTE), mailJobHandlers(restarted));
    restarted.close();
    expect(mailsTo("patient@example.com")).toHaveLength(1);
    expect(await ctx.db.select().from(jobs).where(eq(jobs.kind, SEND_MAIL))).toEqual([]);
  });

  it("queues nothing at all without SMTP", async () => {
    const plain = await createTestContext();
    try {
      const { agent: boss } = await plain.userAgent({ isAdmin: true });
      const target = await plain.createUser();
      await boss.post("/api/invitations").send({ email: "nomail@example.com" }).expect(201);
      await boss.post(`/api/team/members/${target.id}/reset-link`).expect(201);
      await boss.post(`/api/listings/${(await createListing(plain.db)).id}/notes`).send({ content: `@${target.username} hi` }).expect(201);
      expect(await plain.db.select().from(jobs)).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});

describe("configuration", () => {
  const base = { DATA_DIR: "/tmp/x" };
  it("accepts smtp:// and smtps:// with credentials and a From address", () => {
    const env = loadEnv({ ...base, SMTP_URL: "smtps://u:p@mail.example.com:465", MAIL_FROM: "Desk <desk@example.com>" });
    expect(env.SMTP_URL).toBe("smtps://u:p@mail.example.com:465");
    expect(loadEnv(base).SMTP_URL).toBeUndefined();
  });

  it("stops with a message naming SMTP_URL or MAIL_FROM when they are wrong", () => {
    const bad = (e: NodeJS.ProcessEnv) => () => loadEnv({ ...base, ...e });
    expect(bad({ SMTP_URL: "http://mail.example.com", MAIL_FROM: "a@b.co" })).toThrow(/SMTP_URL: must start with smtp:\/\/ or smtps:\/\//);
    expect(bad({ SMTP_URL: "smtp://mail.example.com", MAIL_FROM: "a@b.co" })).toThrow(/SMTP_URL: must carry the user name and password/);
    expect(bad({ SMTP_URL: "not a url", MAIL_FROM: "a@b.co" })).toThrow(/SMTP_URL: must be a URL/);
    expect(bad({ SMTP_URL: "smtp://u:p@mail.example.com" })).toThrow(/MAIL_FROM: is required when SMTP_URL is set/);
    expect(bad({ SMTP_URL: "smtp://u:p@mail.example.com", MAIL_FROM: "nobody" })).toThrow(/MAIL_FROM: must be an email address/);
  });
});

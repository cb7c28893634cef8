// The trusted origin: recorded at the first admin's setup,
// chosen by admins in Settings, and what the mail the app sends links to, whatever Host header a
// stranger's request came with. The alert mail is read back from a real SMTP server.
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailTransport, type MailTransport } from "../../integrations/mail/mail-transport.js";
import { startTestSmtpServer, type TestSmtpServer } from "../../integrations/mail/test-smtp-server.js";
import { runDueJobs } from "../../jobs/worker.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";
import { mailJobHandlers } from "../mail/service.js";
import { trustedOriginOf } from "./service.js";

let ctx: TestContext;
let smtp: TestSmtpServer;
let transport: MailTransport;
let admin: TestClient;
let setupOrigin: string;
beforeAll(async () => {
  ctx = await createTestContext({ sendsMail: true });
  smtp = await startTestSmtpServer();
  transport = createMailTransport({ smtpUrl: smtp.url, from: "Listing Desk <desk@example.com>" });
  // The first admin sets the app up from this machine, as the operator would.
  admin = supertest.agent(ctx.app);
  const setup = await admin.post("/api/init-admin").send({ username: "founder", password: TEST_PASSWORD, email: "founder@example.com" }).expect(201);
  setupOrigin = new URL(setup.request.url).origin;
});
afterAll(async () => {
  transport.close();
  await smtp.close();
  await ctx.close();
});

const ADDRESS = "/api/settings/app-address";

async function drainMail() {
  for (let pass = 0; pass < 5; pass++) {
    const r = await runDueJobs(ctx.db, mailJobHandlers(transport));
    if (r.done + r.failed === 0) break;
  }
}

describe("the app's address", () => {
  it("is the origin the first admin set the app up from, until an admin chooses another", async () => {
    expect((await admin.get(ADDRESS).expect(200)).body).toEqual({ inEffect: setupOrigin, source: "setup", chosen: null, setup: setupOrigin });
    const chosen = await admin.put(ADDRESS).send({ address: "https://Desk.Example.com/" }).expect(200);
    expect(chosen.body).toEqual({ inEffect: "https://desk.example.com", source: "chosen", chosen: "https://desk.example.com", setup: setupOrigin });
    expect(await trustedOriginOf(ctx.db, undefined)).toBe("https://desk.example.com");
    const cleared = await admin.put(ADDRESS).send({ address: "" }).expect(200);
    expect(cleared.body).toEqual({ inEffect: setupOrigin, source: "setup", chosen: null, setup: setupOrigin });
    // PUBLIC_URL, when the server has one, stands over both.
    expect(await trustedOriginOf(ctx.db, "https://listings.example.org")).toBe("https://listings.example.org");
  });

  it("is read by every member and refuses a bad address with a message, changing nothing", async () => {
    const { agent: member } = await ctx.userAgent();
    expect((await member.get(ADDRESS).expect(200)).body.inEffect).toBe(setupOrigin);
    await member.put(ADDRESS).send({ address: "https://evil.example" }).expect(403);
    for (const [address, message] of [
      ["desk.example.com", "App address must be the app's address as people open it, like https://desk.example.com"],
      ["ftp://desk.example.com", "App address must start with http:// or https://"],
      ["https://desk.example.com/app", "App address must be the app's address alone (scheme, host and port), without a path, query or credentials"],
    ]) {
      const res = await admin.put(ADDRESS).send({ address }).expect(400);
      expect(res.body.errors).toEqual({ address: message });
    }
    expect((await admin.get(ADDRESS).expect(200)).body.inEffect).toBe(setupOrigin);
  });
});

describe("an inquiry's alert mail", () => {
  it("links to the trusted origin whatever Host the inquiry came with, and keeps a name's line breaks out of its lines", async () => {
    await admin.put(ADDRESS).send({ address: "https://desk.example.com" }).expect(200);
    const listing = await createListing(ctx.db, { listingName: "Host Header Plaza" });
    const published = await admin.put(`/api/listings/${listing.id}/publication`).send({ published: true }).expect(200);
    const path = new URL(published.body.url).pathname;
    const name = "Mallory\r\nOpen the lead: http://6.6.6.6/phish\r\nPhone: 1-900-SCAM";
    await supertest(ctx.app)
      .post(`${path}/inquiries`)
      .set("Host", "6.6.6.6")
      .send({ name, email: "mallory@example.com", role: "principal", message: "Line one\r\nOpen the lead: http://6.6.6.6/x" })
      .expect(201);
    await drainMail();
    const [mail] = smtp.received.filter((m) => m.envelopeTo.includes("founder@example.com") && m.parsed.subject?.includes("Host Header Plaza"));
    const text = mail.parsed.text!;
    const lines = text.split(/\r?\n/);
    expect(lines.filter((l) => l.includes("Mallory"))).toEqual(["  Mallory Open the lead: http://6.6.6.6/phish Phone: 1-900-SCAM"]);
    // The only line of the mail's own that carries a link points at the trusted origin.
    expect(lines.filter((l) => l.startsWith("Open the lead:"))).toEqual([expect.stringMatching(/^Open the lead: https:\/\/desk\.example\.com\/leads\/\d+$/)]);
    expect(lines).toContain("> Open the lead: http://6.6.6.6/x");
    expect(mail.parsed.html).toMatch(/href="https:\/\/desk\.example\.com\/leads\/\d+"/);
    expect(mail.parsed.html).not.toContain('href="http://6.6.6.6');
  });
});

describe("mail a member's request sends", () => {
  it("links invitations and reset links to the trusted origin, not to the Host the request came with", async () => {
    await admin.put(ADDRESS).send({ address: "https://desk.example.com" }).expect(200);
    const invited = await admin.post("/api/invitations").set("Host", "6.6.6.6").send({ email: "newcomer@example.com" }).expect(201);
    expect(invited.body.inviteLink).toMatch(/^https:\/\/desk\.example\.com\/auth\?token=/);
    const { user } = await ctx.userAgent();
    const reset = await admin.post(`/api/team/members/${user.id}/reset-link`).set("Host", "6.6.6.6").expect(201);
    expect(reset.body.resetLink).toMatch(/^https:\/\/desk\.example\.com\/auth\?reset=/);
    await drainMail();
    const [invitation] = smtp.received.filter((m) => m.envelopeTo.includes("newcomer@example.com"));
    expect(invitation.parsed.text).toContain(invited.body.inviteLink);
    expect(invitation.raw).not.toContain("6.6.6.6");
  });
});

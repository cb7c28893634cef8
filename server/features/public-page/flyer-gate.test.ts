// "Ask for name and email before the flyer" (docs/guides/public-page-and-leads.md): off by
// default; on, the page's flyer link leads to a short form whose request is a lead (an inquiry
// about the flyer), and only its ticket opens flyer.pdf.
import { eq } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLYER_REQUEST_MESSAGE } from "../../../shared/leads.js";
import { auditEvents, inquiries, leads, notifications } from "../../db/tables.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  member = (await ctx.userAgent()).agent;
  // No agent is linked to these listings: the admins hear of a flyer request.
  await ctx.userAgent({ isAdmin: true });
});
afterAll(() => ctx.close());

const anonymous = () => supertest(ctx.app);
const binary = (res: supertest.Test) => res.buffer(true).parse((r, done) => {
  const chunks: Buffer[] = [];
  r.on("data", (c: Buffer) => chunks.push(c));
  r.on("end", () => done(null, Buffer.concat(chunks)));
});

async function published(name: string): Promise<{ id: string; path: string }> {
  const listing = await createListing(ctx.db, { listingName: name });
  const res = await member.put(`/api/listings/${listing.id}/publication`).send({ published: true }).expect(200);
  return { id: listing.id, path: new URL(res.body.url).pathname };
}

const gate = (id: string, flyerGate: unknown) => ctx.afterChange(() => member.put(`/api/listings/${id}/publication`).send({ published: true, flyerGate }));

describe("the flyer behind a name and an email", () => {
  it("is off by default: the page links the PDF itself, which downloads", async () => {
    const { id, path } = await published("Open Flyer Hall");
    expect((await member.get(`/api/listings/${id}/publication`).expect(200)).body.flyerGate).toBe(false);
    expect((await anonymous().get(path).expect(200)).text).toContain(`href="${path}/flyer.pdf">Download the flyer (PDF)</a>`);
    const pdf = await binary(anonymous().get(`${path}/flyer.pdf`)).expect(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    // The short form does not stand in the way of an ungated flyer.
    expect((await anonymous().get(`${path}/flyer`).expect(303)).headers.location).toBe(`${path}/flyer.pdf`);
  });

  it("refuses a switch that is not true or false, and changes nothing", async () => {
    const { id } = await published("Odd Flyer Hall");
    const res = await member.put(`/api/listings/${id}/publication`).send({ published: true, flyerGate: "yes" }).expect(400);
    expect(res.body.message).toContain("flyerGate must be true or false");
    expect((await member.get(`/api/listings/${id}/publication`).expect(200)).body.flyerGate).toBe(false);
  });

  it("on: the page links the short form, the PDF waits for it, and a sent form is a lead that gets the flyer", async () => {
    const { id, path } = await published("Gated Flyer Hall");
    const saved = await gate(id, true);
    expect(saved.status).toBe(200);
    expect(saved.body.flyerGate).toBe(true);
    const [entry] = await ctx.db.select().from(auditEvents).where(eq(auditEvents.listingId, id)).then((rows) => rows.filter((r) => r.kind === "listing.publication-changed"));
    expect(entry.data).toMatchObject({ changes: { flyerGate: [false, true] } });

    expect((await anonymous().get(path).expect(200)).text).toContain(`href="${path}/flyer">Download the flyer (PDF)</a>`);
    expect((await anonymous().get(`${path}/flyer.pdf`).expect(303)).headers.location).toBe(`${path}/flyer`);
    const form = await anonymous().get(`${path}/flyer`).expect(200);
    expect(form.headers["cache-control"]).toBe("no-store");
    expect(form.text).toContain(`<form method="post" action="${path}/flyer" novalidate>`);
    expect(form.text).toContain('<label for="f-name">Name</label>');
    expect(form.text).toContain('<label for="f-email">Email</label>');

    // Bad input: the form again with its messages, and no lead.
    const email = `fly${Math.random().toString(36).slice(2, 8)}@example.com`;
    const bad = await anonymous().post(`${path}/flyer`).type("form").send({ name: "", email: "not-an-email" }).expect(400);
    expect(bad.text).toContain("Please enter your name");
    expect(bad.text).toContain("Please enter a valid email address");
    expect(bad.text).toContain('value="not-an-email"');
    expect(await ctx.db.select().from(inquiries).where(eq(inquiries.listingId, id))).toEqual([]);

    const sent = await anonymous().post(`${path}/flyer`).type("form").send({ name: "Fran Reader", email }).expect(303);
    const thanks = sent.headers.location as string;
    expect(thanks).toMatch(new RegExp(`^${path}/flyer\\?t=\\d+\\.[A-Za-z0-9_-]{22}$`));
    const [inquiry] = await ctx.db.select().from(inquiries).where(eq(inquiries.listingId, id));
    expect(inquiry).toMatchObject({ email, name: "Fran Reader", about: "flyer", message: FLYER_REQUEST_MESSAGE, role: "other" });
    const [lead] = await ctx.db.select().from(leads).where(eq(leads.id, inquiry.leadId));
    expect(lead.email).toBe(email);
    const bells = await ctx.db.select().from(notifications).where(eq(notifications.leadId, lead.id));
    expect(bells[0].message).toMatch(/^New inquiry from Fran Reader about the flyer of Gated Flyer Hall/);

    // The thank-you starts the download with the ticket, which opens the PDF.
    const page = await anonymous().get(thanks).expect(200);
    const ticket = thanks.split("?t=")[1];
    expect(page.text).toContain("Thank you. Your flyer is downloading.");
    expect(page.text).toContain(`<meta http-equiv="refresh" content="0;url=${path}/flyer.pdf?t=${ticket}">`);
    const pdf = await binary(anonymous().get(`${path}/flyer.pdf?t=${ticket}`)).expect(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe("%PDF-");

    // A made-up or altered ticket is the short form again; so is another page's.
    const [expires, mac] = ticket.split(".");
    for (const t of [`${expires}.${"A".repeat(22)}`, `${Number(expires) + 1}.${mac}`, "1.x", `${Math.floor(Date.now() / 1000) - 1}.${mac}`]) {
      expect((await anonymous().get(`${path}/flyer.pdf?t=${encodeURIComponent(t)}`).expect(303)).headers.location).toBe(`${path}/flyer`);
    }
    const other = await published("Other Gated Hall");
    await gate(other.id, true);
    expect((await anonymous().get(`${other.path}/flyer.pdf?t=${ticket}`).expect(303)).headers.location).toBe(`${other.path}/flyer`);

    // Switched off again: the PDF for anyone.
    await gate(id, false);
    await binary(anonymous().get(`${path}/flyer.pdf`)).expect(200);
  });
});

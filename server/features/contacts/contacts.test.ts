// Contacts are leads (docs/guides/contacts-and-campaigns.md): CRUD, the email that two contacts
// never share, deleting, the CSV export (the import is the wizard's: imports/contact-imports.test.ts), lists, segments and
// the contacts that match a listing.
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { recordInquiry } from "../leads/service.js";

let ctx: TestContext;
let member: TestClient;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  member = (await ctx.userAgent({ username: "agent" })).agent;
  admin = (await ctx.userAgent({ username: "boss", isAdmin: true })).agent;
});
afterAll(() => ctx.close());

const unique = () => Math.random().toString(36).slice(2, 10);
const email = (who = "c") => `${who}${unique()}@example.com`;
const add = async (body: Record<string, unknown>) => (await member.post("/api/contacts").send({ name: "Casey Contact", email: email(), ...body }).expect(201)).body;

describe("contacts are leads", () => {
  it("shows a lead made by an inquiry as a subscribed contact with its inquiry kept", async () => {
    const listing = await createListing(ctx.db);
    const address = email("lead");
    const leadId = await recordInquiry(ctx.db, listing, { name: "Lee Lead", email: address, phone: null, company: "Lee Co", role: "broker", message: "Hi", exchange1031: false }, { sendsMail: false, origin: null });
    const contact = (await member.get(`/api/contacts/${leadId}`).expect(200)).body;
    expect(contact).toMatchObject({ id: leadId, name: "Lee Lead", email: address, company: "Lee Co", role: "broker", tags: [], consent: "unknown", status: "subscribed", source: "inquiry" });
    expect(contact.interests).toEqual({ propertyTypes: [], states: [], minPrice: null, maxPrice: null, minSize: null, maxSize: null, offeringTypes: [] });
    expect((await member.get(`/api/leads/${leadId}`).expect(200)).body.inquiryCount).toBe(1);
    // A lead's edit through the contacts API is the lead's edit: one version, one tag.
    const etag = (await member.get(`/api/leads/${leadId}`).expect(200)).headers.etag;
    await member.patch(`/api/contacts/${leadId}`).set("If-Match", etag).send({ tags: ["Investor"] }).expect(200);
    await member.patch(`/api/leads/${leadId}`).set("If-Match", etag).send({ company: "Stale" }).expect(412);
  });
});

describe("contacts CRUD", () => {
  it("creates, reads, edits and lists with filters", async () => {
    const c = await add({ phone: "304-555-0100", company: "Acme", role: "principal", tags: ["Investor", "investor", "1031"], interests: { propertyTypes: ["Industrial"], states: ["WV"], maxPrice: 2000000 }, consent: "opted-in" });
    expect(c).toMatchObject({ tags: ["investor", "1031"], consent: "opted-in", status: "subscribed", source: "manual", role: "principal" });
    expect(c.interests).toMatchObject({ propertyTypes: ["Industrial"], states: ["WV"], minPrice: null, maxPrice: 2000000 });
    const edited = (await member.patch(`/api/contacts/${c.id}`).send({ status: "unsubscribed", company: "Acme Holdings" }).expect(200)).body;
    expect(edited).toMatchObject({ status: "unsubscribed", company: "Acme Holdings", version: 2 });
    const found = (await member.get("/api/contacts").query({ tag: "INVESTOR", status: "unsubscribed", role: "principal", q: "acme" }).expect(200)).body;
    expect(found.map((x: { id: number }) => x.id)).toEqual([c.id]);
    expect((await member.get("/api/contacts").query({ tag: "investor", status: "bounced" }).expect(200)).body).toEqual([]);
    await member.get("/api/contacts").query({ status: "gone" }).expect(400);
  });

  it("pages with a Link header", async () => {
    const tag = `page${unique()}`;
    for (let i = 0; i < 3; i++) await add({ tags: [tag] });
    const first = await member.get("/api/contacts").query({ tag, limit: "2" }).expect(200);
    expect(first.body).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.link)![1];
    const second = await member.get(next).expect(200);
    expect(second.body).toHaveLength(1);
    expect(second.headers.link).toBeUndefined();
  });

  it("refuses a second contact with an email in any case, and an edit to another's email, with 409", async () => {
    const address = email("dup");
    const a = await add({ email: address });
    const res = await member.post("/api/contacts").send({ name: "Dup", email: address.toUpperCase() }).expect(409);
    expect(res.body.message).toMatch(/Another contact already has this email/);
    const b = await add({});
    await member.patch(`/api/contacts/${b.id}`).send({ email: address.replace("dup", "DUP") }).expect(409);
    expect((await member.get(`/api/contacts/${b.id}`).expect(200)).body.email).toBe(b.email);
    // Its own email in another case is an edit, not a conflict.
    expect((await member.patch(`/api/contacts/${a.id}`).send({ email: address.toUpperCase() }).expect(200)).body.email).toBe(address.toUpperCase());
  });

  it("refuses bad input with a message and changes nothing", async () => {
    const res = await member.post("/api/contacts").send({ name: "X", email: "not-an-email" }).expect(400);
    expect(res.body.message).toMatch(/valid email/);
    const c = await add({});
    await member.patch(`/api/contacts/${c.id}`).send({ interests: { minPrice: 5, maxPrice: 1 } }).expect(400);
    await member.patch(`/api/contacts/${c.id}`).send({ consent: "maybe" }).expect(400);
    expect((await member.get(`/api/contacts/${c.id}`).expect(200)).body.version).toBe(1);
  });

  it("lets only admins delete, and keeps a contact that has inquiries", async () => {
    const c = await add({});
    await member.delete(`/api/contacts/${c.id}`).expect(403);
    await admin.delete(`/api/contacts/${c.id}`).expect(204);
    await member.get(`/api/contacts/${c.id}`).expect(404);
    const listing = await createListing(ctx.db);
    const leadId = await recordInquiry(ctx.db, listing, { name: "Asker", email: email("ask"), phone: null, company: null, role: "other", message: "Q", exchange1031: false }, { sendsMail: false, origin: null });
    const refused = await admin.delete(`/api/contacts/${leadId}`).expect(409);
    expect(refused.body.message).toMatch(/mark it unsubscribed/);
    await member.get(`/api/contacts/${leadId}`).expect(200);
  });
});

describe("contacts CSV", () => {
  it("exports every contact with formula cells neutralised", async () => {
    const c = await add({ name: "=HYPERLINK(1)", tags: ["x"] });
    const res = await member.get("/api/contacts/export.csv").expect(200);
    expect(res.headers["content-type"]).toMatch(/text\/csv/);
    const rows = Papa.parse<string[]>(res.text, { skipEmptyLines: true }).data;
    expect(rows[0].slice(0, 3)).toEqual(["Name", "Email", "Phone"]);
    expect(rows.find((r) => r[1] === c.email)![0]).toBe("'=HYPERLINK(1)");
  });
});

describe("lists and segments", () => {
  it("makes a list, adds and removes members, and refuses an unknown contact without changing anything", async () => {
    const list = (await member.post("/api/contact-lists").send({ name: `Investors ${unique()}` }).expect(201)).body;
    const [a, b] = [await add({}), await add({})];
    expect((await member.post(`/api/contact-lists/${list.id}/members`).send({ contactIds: [a.id, b.id, a.id] }).expect(200)).body.memberCount).toBe(2);
    await member.post(`/api/contact-lists/${list.id}/members`).send({ contactIds: [a.id, 2_000_000_000] }).expect(400);
    expect((await member.delete(`/api/contact-lists/${list.id}/members`).send({ contactIds: [a.id] }).expect(200)).body.memberCount).toBe(1);
    const got = (await member.get(`/api/contact-lists/${list.id}`).expect(200)).body;
    expect(got.contacts.map((c: { id: number }) => c.id)).toEqual([b.id]);
    expect((await member.get("/api/contacts").query({ listId: String(list.id) }).expect(200)).body.map((c: { id: number }) => c.id)).toEqual([b.id]);
    await member.post("/api/contact-lists").send({ name: list.name.toUpperCase() }).expect(409);
    await member.delete(`/api/contact-lists/${list.id}`).expect(204);
    await member.get(`/api/contact-lists/${list.id}`).expect(404);
  });

  it("saves a segment by tag, role, interest and status and evaluates it as contacts change", async () => {
    const tag = `seg${unique()}`;
    const yes = await add({ tags: [tag], role: "broker", interests: { propertyTypes: ["Office"] } });
    await add({ tags: [tag], role: "tenant", interests: { propertyTypes: ["Office"] } });
    await add({ tags: [tag], role: "broker", interests: { propertyTypes: ["Retail"] } });
    const segment = (await member.post("/api/contact-segments").send({ name: `Office brokers ${unique()}`, filter: { tags: [tag], roles: ["broker"], propertyTypes: ["Office"], statuses: ["subscribed"] } }).expect(201)).body;
    const first = (await member.get(`/api/contact-segments/${segment.id}/contacts`).expect(200)).body;
    expect(first.count).toBe(1);
    expect(first.contacts[0].id).toBe(yes.id);
    await member.patch(`/api/contacts/${yes.id}`).send({ status: "bounced" }).expect(200);
    expect((await member.get(`/api/contact-segments/${segment.id}/contacts`).expect(200)).body.count).toBe(0);
    await member.post("/api/contact-segments").send({ name: "Bad", filter: { statuses: ["nope"] } }).expect(400);
  });
});

describe("GET /api/listings/:id/matching-contacts", () => {
  it("matches type, state, offering, price and size; empty fields accept anything; no interests, suppressed and misfits do not match", async () => {
    const state = "MD";
    const listing = await createListing(ctx.db, { state, propertyType: "Industrial", offeringType: "Sell/Lease", askingPrice: 1_500_000, buildingSizeSf: 40_000 });
    const n = unique();
    const interests = (i: Record<string, unknown>) => ({ interests: { states: [state], ...i }, tags: [n] });
    const exact = await add(interests({ propertyTypes: ["Industrial", "Flex"], offeringTypes: ["Lease"], minPrice: 1_000_000, maxPrice: 2_000_000, minSize: 30_000 }));
    const anyType = await add(interests({}));
    await add({ tags: [n] }); // no interests at all
    await add(interests({ propertyTypes: ["Retail"] }));
    await add(interests({ maxPrice: 1_000_000 }));
    await add(interests({ minSize: 50_000 }));
    await add(interests({ offeringTypes: ["Transfer"] }));
    await add({ ...interests({}), status: "unsubscribed" });
    await add({ ...interests({}), status: "complained" });
    const res = (await member.get(`/api/listings/${listing.id}/matching-contacts`).expect(200)).body;
    const ours = res.contacts.filter((c: { tags: string[] }) => c.tags.includes(n)).map((c: { id: number }) => c.id);
    expect(ours.sort()).toEqual([exact.id, anyType.id].sort());
    // A range needs the figure: a listing without a price matches no one who set a price range.
    const noPrice = await createListing(ctx.db, { state, propertyType: "Industrial", offeringType: "Lease", buildingSizeSf: 40_000 });
    const again = (await member.get(`/api/listings/${noPrice.id}/matching-contacts`).expect(200)).body;
    expect(again.contacts.filter((c: { tags: string[] }) => c.tags.includes(n)).map((c: { id: number }) => c.id)).toEqual([anyType.id]);
    await member.get("/api/listings/nope/matching-contacts").expect(404);
  });
});

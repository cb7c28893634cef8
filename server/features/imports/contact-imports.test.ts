// Contacts through the import wizard (docs/guides/contacts-and-campaigns.md#importing): the
// mapping suggested from other tools' headers, a preview that says what each row does and writes
// nothing, the commit's merges by email in any case, opt-outs never lifted, and the undo.
import { and, eq, sql } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_EMAIL_REQUIRED } from "../../../shared/imports/contact-fields.js";
import type { ImportPreviewReply } from "../../../shared/imports/wire.js";
import { auditEvents, leads } from "../../db/tables.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";
import { recordInquiry } from "../leads/service.js";

let ctx: TestContext;
let member: TestClient;
let other: TestClient;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  member = (await ctx.userAgent({ username: "agent" })).agent;
  other = (await ctx.userAgent({ username: "other" })).agent;
  admin = (await ctx.userAgent({ username: "boss", isAdmin: true })).agent;
});
afterAll(() => ctx.close());

const unique = () => Math.random().toString(36).slice(2, 10);
const email = (who = "c") => `${who}${unique()}@example.com`;
const add = async (body: Record<string, unknown>) => (await member.post("/api/contacts").send({ name: "Casey Contact", email: email(), ...body }).expect(201)).body;
const contact = async (id: number) => (await member.get(`/api/contacts/${id}`).expect(200)).body;
const byEmail = async (address: string) => (await member.get("/api/contacts").query({ q: address }).expect(200)).body;
const countContacts = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(leads))[0].n;

const preview = async (content: string, extra: Record<string, unknown> = {}, as = member): Promise<ImportPreviewReply> => {
  const res = await as.post("/api/imports/preview").send({ target: "contacts", fileName: "contacts.csv", encoding: "text", content, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const rowsOf = async (id: string) => (await member.get(`/api/imports/${id}/rows`).query({ limit: 500 }).expect(200)).body.rows;
const commit = async (id: string, as = member) => (await as.post(`/api/imports/${id}/commit`).send({}).expect(200)).body;
const importFile = async (content: string, extra: Record<string, unknown> = {}) => {
  const p = await preview(content, extra);
  await commit(p.id);
  return p;
};

describe("contacts in the import wizard", { timeout: TIMEOUT.slow }, () => {
  it("suggests the mapping from other tools' headers, and a listings file stays a listings file", async () => {
    const p = await preview("Full Name,E-mail,Company name,Mobile,Tag,Lead Source,Fax\nAda,ada@example.com,Ada Co,304,buyer,manual,1\n");
    expect(p.target).toBe("contacts");
    expect(p.mapping).toEqual(["name", "email", "company", "phone", "tags", "source", null]);
    expect(p.missingRequired).toEqual([]);
    const listings = (await member.post("/api/imports/preview").send({ fileName: "l.csv", encoding: "text", content: "Name,Email\nA,a@example.com\n" }).expect(200)).body;
    expect(listings.target).toBe("listings");
  });

  it("previews what each row would do and writes nothing", async () => {
    const known = await add({ company: "Typed Co", tags: ["vip"] });
    const fresh = email("new");
    const before = await countContacts();
    const file = [
      "Name,Email,Company,Phone,Tags,Property Types,States",
      `New One,${fresh},N Co,,buyer,Retail,OH`,
      `Other Name,${known.email.toUpperCase()},File Co,304-555-0199,buyer;VIP,,`,
      "Bad,not-an-email,,,,,",
      ",,,,,,",
      `Again,${fresh.toUpperCase()},,555-0100,,,`,
    ].join("\n");
    const p = await preview(file);
    expect(p.summary).toEqual({ create: 1, update: 1, unchanged: 1, fail: 1 });
    expect(p.duplicateRows).toBe(1);
    const rows = await rowsOf(p.id);
    expect(rows.map((r: { row: number; action: string }) => [r.row, r.action])).toEqual([
      [2, "create"],
      [3, "update"],
      [4, "fail"],
      [6, "unchanged"],
    ]);
    expect(rows[1].changes).toEqual({ phone: [null, "304-555-0199"], tags: [["vip"], ["vip", "buyer"]] });
    expect(rows[1].contact).toMatchObject({ name: "Casey Contact", email: known.email });
    expect(rows[2].errors).toEqual([{ field: "email", message: "Please enter a valid email address" }]);
    expect(rows[3]).toMatchObject({ duplicateOf: [2], warnings: [{ field: "email", message: "Same email as row 2: merged into it" }] });
    expect(await countContacts()).toBe(before);
    expect(await contact(known.id)).toMatchObject({ phone: null, tags: ["vip"] });
    const failures = await member.get(`/api/imports/${p.id}/failures.csv`).expect(200);
    expect(failures.text).toContain("not-an-email");
  });

  it("creates and merges by email in any case, filling only empty fields and never a name or role", async () => {
    const known = await add({ company: "Typed Co", tags: ["vip"], role: "broker" });
    const fresh = email("new");
    const file = `Name,Email,Company,Phone,Tags,Role,Property Types,States\nNew One,${fresh},N Co,,buyer,,Retail,OH\nOther Name,${known.email.toUpperCase()},File Co,304-555-0199,buyer;VIP,tenant,,\nAgain,${fresh.toUpperCase()},,555-0100,investor,,,\n`;
    const p = await preview(file);
    const done = await commit(p.id);
    expect(done.successful.map((s: { action: string }) => s.action).sort()).toEqual(["create", "update"]);
    expect(await contact(known.id)).toMatchObject({ name: "Casey Contact", role: "broker", company: "Typed Co", phone: "304-555-0199", tags: ["vip", "buyer"] });
    const made = await byEmail(fresh);
    expect(made).toHaveLength(1);
    // The file's second row of the same email filled what the first left empty.
    expect(made[0]).toMatchObject({ name: "New One", source: "import", tags: ["buyer", "investor"], phone: "555-0100", status: "subscribed" });
    expect(made[0].interests).toMatchObject({ propertyTypes: ["Retail"], states: ["OH"] });
    const history = (await member.get("/api/imports").expect(200)).body.imports;
    expect(history.find((i: { id: string }) => i.id === p.id)).toMatchObject({ target: "contacts", status: "committed", counts: { created: 1, updated: 1, unchanged: 1, failed: 0 }, undoable: true });
    const [entry] = await ctx.db.select().from(auditEvents).where(and(eq(auditEvents.kind, "contact.imported"), sql`${auditEvents.data}->>'importId' = ${p.id}`));
    expect(entry.data).toMatchObject({ created: 1, merged: 1, fileName: "contacts.csv" });
  });

  it("never subscribes an opted-out contact again, and applies an opt-out in the file", async () => {
    const gone = await Promise.all(["unsubscribed", "bounced", "complained"].map((status) => add({ status })));
    const still = await add({});
    const p = await preview(`Email,Status\n${gone.map((c) => `${c.email},subscribed`).join("\n")}\n${still.email},Unsubscribed\n`);
    expect(p.summary).toMatchObject({ update: 1, unchanged: 3 });
    expect(p.warnings.join(" ")).toMatch(/never subscribes anyone again/);
    await commit(p.id);
    for (const c of gone) expect((await contact(c.id)).status).toBe(c.status);
    expect((await contact(still.id)).status).toBe("unsubscribed");
  });

  it("undoes: removes the contacts it created, restores what it filled, keeps opt-outs and contacts that gained history", async () => {
    const known = await add({ tags: ["vip"] });
    const listing = await createListing(ctx.db);
    const [plain, asked, listed, edited] = [email("plain"), email("asked"), email("listed"), email("edited")];
    const p = await importFile(`Name,Email,Phone,Tags,Status\nP,${plain},,,\nA,${asked},,,\nL,${listed},,,\nE,${edited},,,\nK,${known.email},304-555-0101,buyer,unsubscribed\n`);
    // Since the import: one new contact asked about a listing, one joined a list, and someone tagged the known one by hand.
    await recordInquiry(ctx.db, listing, { name: "A", email: asked, phone: null, company: null, role: "other", message: "Hi", exchange1031: false }, { sendsMail: false, origin: null });
    const listId = (await member.post("/api/contact-lists").send({ name: `Undo ${unique()}` }).expect(201)).body.id;
    await member.post(`/api/contact-lists/${listId}/members`).send({ contactIds: [(await byEmail(listed))[0].id] }).expect(200);
    await member.patch(`/api/contacts/${known.id}`).send({ tags: ["vip", "buyer", "hand"] }).expect(200);
    await member.patch(`/api/contacts/${(await byEmail(edited))[0].id}`).send({ company: "Typed since" }).expect(200);

    await other.post(`/api/imports/${p.id}/undo`).send({}).expect(403);
    const undone = (await member.post(`/api/imports/${p.id}/undo`).send({}).expect(200)).body;
    expect(undone).toMatchObject({ deleted: 1, restored: 1 });
    expect(undone.notes).toEqual([
      "3 contacts this import created were kept: since the import they have an inquiry, a place in a listing's pipeline, a list or an edit, which deleting would lose.",
      "1 opt-out the import applied stays: an opt-out is the person's word, and an undo never subscribes anyone again.",
    ]);
    expect(await byEmail(plain)).toEqual([]);
    expect(await byEmail(asked)).toHaveLength(1);
    expect(await byEmail(listed)).toHaveLength(1);
    expect(await byEmail(edited)).toHaveLength(1);
    expect(await contact(known.id)).toMatchObject({ phone: null, tags: ["vip", "hand"], status: "unsubscribed" });
    await member.post(`/api/imports/${p.id}/undo`).send({}).expect(409);
    const [entry] = await ctx.db.select().from(auditEvents).where(and(eq(auditEvents.kind, "contact.import-undone"), sql`${auditEvents.data}->>'importId' = ${p.id}`));
    expect(entry.data).toMatchObject({ deleted: 1, restored: 1, skipped: 3, suppressionsKept: 1 });
  });

  it("refuses a mapping without Email with a clear 400, and changes nothing", async () => {
    const before = await countContacts();
    const first = await preview("Name,Mail Address\nNo Mail,nm@example.com\n");
    expect(first.mapping).toEqual(["name", null]);
    expect(first.missingRequired).toEqual(["email"]);
    expect(first.summary).toEqual({ create: 0, update: 0, unchanged: 0, fail: 1 });
    const res = await member
      .post("/api/imports/preview")
      .send({ target: "contacts", fileName: "c.csv", encoding: "text", content: "Name,Mail Address\nNo Mail,nm@example.com\n", mapping: ["name", null] })
      .expect(400);
    expect(res.body.message).toBe(CONTACT_EMAIL_REQUIRED);
    const unknown = await member
      .post("/api/imports/preview")
      .send({ target: "contacts", fileName: "c.csv", encoding: "text", content: "A,B\nx,y@example.com\n", mapping: ["listingName", "email"] })
      .expect(400);
    expect(unknown.body.message).toBe('mapping names an unknown field "listingName"');
    await commit(first.id);
    expect(await countContacts()).toBe(before);
  });

  it("imports a file of 20,000 contacts, and refuses one row more with a clear 400", { timeout: TIMEOUT.longJob }, async () => {
    const token = unique();
    const lines = (n: number) => ["Email,Name", ...Array.from({ length: n }, (_, i) => `big${i}-${token}@example.com,Big ${i}`)].join("\n");
    const before = await countContacts();
    const refused = await member.post("/api/imports/preview").send({ target: "contacts", fileName: "big.csv", encoding: "text", content: lines(20_001) }).expect(400);
    expect(refused.body.message).toBe("A contacts file can have at most 20,000 rows; this one has 20,001. Split it into smaller files.");
    expect(await countContacts()).toBe(before);
    const p = await preview(lines(20_000));
    expect(p.summary.create).toBe(20_000);
    expect((await commit(p.id)).successful).toHaveLength(20_000);
    expect(await countContacts()).toBe(before + 20_000);
    expect((await member.post(`/api/imports/${p.id}/undo`).send({}).expect(200)).body.deleted).toBe(20_000);
    expect(await countContacts()).toBe(before);
  });

  it("keeps a preview to its maker and admins; the history is the team's", async () => {
    const address = email("perm");
    const p = await preview(`Email\n${address}\n`);
    await other.get(`/api/imports/${p.id}/rows`).expect(404);
    await other.post(`/api/imports/${p.id}/commit`).send({}).expect(404);
    await supertest(ctx.app).post("/api/imports/preview").send({ target: "contacts", fileName: "c.csv", encoding: "text", content: `Email\n${address}\n` }).expect(401);
    expect(await byEmail(address)).toEqual([]);
    await commit(p.id, admin);
    expect(await byEmail(address)).toHaveLength(1);
    await other.get(`/api/imports/${p.id}`).expect(200);
  });
});

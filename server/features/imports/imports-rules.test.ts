// The "Bad input" rules and the file shapes of real exports, through the API.
import { eq, sql } from "drizzle-orm";
import writeXlsxFile from "write-excel-file/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ImportPreviewReply } from "../../../shared/imports/wire.js";
import { auditEvents, importRows, imports, listings } from "../../db/tables.js";
import { createAgent, createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { csvText } from "./import-fixtures.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

let ctx: TestContext;
let member: TestClient;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  member = (await ctx.userAgent()).agent;
  admin = (await ctx.userAgent({ isAdmin: true })).agent;
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.delete(imports);
  await ctx.db.delete(listings);
});

const send = (body: Record<string, unknown>) => member.post("/api/imports/preview").send({ fileName: "file.csv", encoding: "text", ...body });
const preview = async (body: Record<string, unknown>): Promise<ImportPreviewReply> => {
  const res = await send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
const countListings = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(listings))[0].n;
const rowsOf = async (id: string) => (await member.get(`/api/imports/${id}/rows`).query({ limit: 500 })).body.rows;

const HEADER = ["Listing Name", "Address", "City", "State", "Offering Type", "Property Description", "Marketing Category"];
const row = (name: string, extra: Partial<Record<string, string>> = {}) => {
  const v = { "Listing Name": name, Address: `${name.length} Oak St`, City: "Wheeling", State: "WV", "Offering Type": "Sell", "Property Description": "A shop.", "Marketing Category": "Single", ...extra };
  return HEADER.map((h) => v[h as keyof typeof v] as string);
};
const TEMPLATE_MAPPING = ["listingName", "address", "city", "state", "offeringType", "propertyDescription", "marketingCategory"];

describe("bad input is refused with a message naming it, and changes nothing", { timeout: TIMEOUT.slow }, () => {
  const file = csvText(HEADER, [row("Main Shop")]);

  it("two columns mapped to one field", async () => {
    const res = await send({ content: file, mapping: ["listingName", "listingName", "city", "state", "offeringType", "propertyDescription", "marketingCategory"] });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Two columns are mapped to Listing Name/);
  });
  it("an unknown field", async () => {
    const res = await send({ content: file, mapping: [...TEMPLATE_MAPPING.slice(0, 6), "colour"] });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/unknown field "colour"/);
  });
  it("a required field without column or default, unless a default is given", async () => {
    const res = await send({ content: file, mapping: [...TEMPLATE_MAPPING.slice(0, 6), null] });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Marketing Category/);
    const ok = await preview({ content: file, mapping: [...TEMPLATE_MAPPING.slice(0, 6), null], defaults: { marketingCategory: "Double" } });
    expect(ok.summary.create).toBe(1);
  });
  it("a value map to a value outside the enumeration, or of a field without one", async () => {
    const res = await send({ content: file, valueMaps: { offeringType: { Sell: "Rent" } } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Offering Type sends "Sell" to "Rent"/);
    const notEnum = await send({ content: file, valueMaps: { city: { Wheeling: "Moundsville" } } });
    expect(notEnum.status).toBe(400);
    expect(notEnum.body.message).toMatch(/"city"/);
  });
  it("a default that fails its field's rule", async () => {
    const res = await send({ content: file, defaults: { askingPrice: "lots" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/default for Asking Price/);
  });
  it("a mapping of the wrong length, a bad matchBy, charset or delimiter", async () => {
    expect((await send({ content: file, mapping: ["listingName"] })).status).toBe(400);
    expect((await send({ content: file, matchBy: "colour" })).body.message).toMatch(/matchBy must be one of/);
    expect((await send({ content: file, charset: "ebcdic" })).body.message).toMatch(/charset must be one of/);
    expect((await send({ content: file, delimiter: ":" })).status).toBe(400);
  });
  it("a password-protected workbook and a corrupt one", async () => {
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(100).fill(0)]);
    const locked = await send({ fileName: "locked.xlsx", encoding: "base64", content: base64(ole) });
    expect(locked.status).toBe(400);
    expect(locked.body.message).toMatch(/password-protected/);
    const corrupt = await send({ fileName: "broken.xlsx", encoding: "base64", content: base64(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5])) });
    expect(corrupt.status).toBe(400);
    expect(corrupt.body.message).toMatch(/cannot be read: it is damaged/);
    expect(await ctx.db.select().from(imports)).toEqual([]);
  });
  it("values that fail the listing rules fail their row only", async () => {
    const p = await preview({ content: csvText(HEADER, [row("Good"), row("Bad", { State: "ZZ" }), row("", {})]) });
    expect(p.summary).toEqual({ create: 1, update: 0, unchanged: 0, fail: 2 });
    const rows = await rowsOf(p.id);
    expect(rows[1].errors).toEqual([{ field: "state", message: 'State "ZZ" is not one of the allowed values: WV, PA, MD, OH' }]);
    expect(rows[2].errors).toEqual([{ field: "listingName", message: "Listing Name is required" }]);
  });
});

describe("stale and unknown imports, twice-committed and twice-undone", { timeout: TIMEOUT.slow }, () => {
  it("410 once the hour is over, 404 for an unknown id", async () => {
    const p = await preview({ content: csvText(HEADER, [row("Old")]) });
    await ctx.db.update(imports).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(imports.id, p.id));
    const commit = await member.post(`/api/imports/${p.id}/commit`).send({});
    expect(commit.status).toBe(410);
    expect(commit.body.message).toMatch(/more than an hour old/);
    expect((await member.get(`/api/imports/${p.id}/rows`)).status).toBe(410);
    expect((await member.post("/api/imports/5d4c1a52-0000-0000-0000-000000000000/commit").send({})).status).toBe(404);
    expect((await member.get("/api/imports/nope")).status).toBe(404);
    expect(await countListings()).toBe(0);
  });

  it("undo after 7 days is 410; undo of a preview never committed is 409", async () => {
    const p = await preview({ content: csvText(HEADER, [row("Week")]) });
    expect((await member.post(`/api/imports/${p.id}/undo`).send({})).status).toBe(409);
    await member.post(`/api/imports/${p.id}/commit`).send({}).expect(200);
    await ctx.db.update(imports).set({ committedAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) }).where(eq(imports.id, p.id));
    const res = await member.post(`/api/imports/${p.id}/undo`).send({});
    expect(res.status).toBe(410);
    expect(await countListings()).toBe(1);
  });

  it("a failed commit leaves nothing written: no listing, no entry, still staged", async () => {
    const kept = await createListing(ctx.db, { listingName: "Kept", address: "4 Oak St", city: "Wheeling", state: "WV" });
    const rows = Array.from({ length: 12_000 }, (_, i) => row(`Shop ${i}`));
    rows.unshift(row("Kept", { "Offering Type": "Transfer" }));
    const p = await preview({ content: csvText(HEADER, rows) });
    expect(p.summary).toMatchObject({ create: 12_000, update: 1 });
    // A row the database refuses, in the last step: everything before it must roll back.
    await ctx.db.execute(sql`update ${importRows} set listing_name = null where import_id = ${p.id} and row = 12002`);
    const res = await member.post(`/api/imports/${p.id}/commit`).send({});
    expect(res.status).toBe(500);
    expect(await countListings()).toBe(1);
    // Its values are back. On the embedded database the steps before had written it, so its
    // version moved on (someone may have read the imported values meanwhile).
    const [{ version: _v, updatedAt: _at, updatedById: _by, ...back }] = await ctx.db.select().from(listings);
    const { version: _kv, updatedAt: _kat, updatedById: _kby, ...before } = kept;
    expect(back).toEqual(before);
    expect(await ctx.db.select().from(auditEvents).where(sql`${auditEvents.data} ->> 'importId' = ${p.id}`)).toEqual([]);
    expect((await member.get(`/api/imports/${p.id}`)).body.status).toBe("staged");
  }, TIMEOUT.slow);
});

describe("a file read in batches", { timeout: TIMEOUT.slow }, () => {
  it("flags rows sharing a key across batches and pairs them with listings in file order", async () => {
    const kept = await createListing(ctx.db, { listingName: "Twin", address: "4 Oak St", city: "Wheeling", state: "WV", offeringType: "Lease" });
    // Rows 2 and 11,002 share a key, one batch of 10,000 apart: the first updates the listing,
    // the second (no listing left to pair with) creates one; both are flagged.
    const rows = Array.from({ length: 12_000 }, (_, i) => row(`Shop ${i}`));
    rows[0] = row("Twin", { "Offering Type": "Sell" });
    rows[11_000] = row("Twin", { "Offering Type": "Transfer" });
    // By name, address and city: the shops' addresses repeat ("9 Oak St"), their names do not.
    const p = await preview({ content: csvText(HEADER, rows), matchBy: "nameAddress" });
    expect(p.summary).toEqual({ create: 11_999, update: 1, unchanged: 0, fail: 0 });
    expect(p.duplicateRows).toBe(2);
    const flagged = (await member.get(`/api/imports/${p.id}/rows`).query({ limit: 500 })).body.rows[0];
    expect(flagged).toMatchObject({ row: 2, action: "update", duplicateOf: [11_002] });
    const last = (await member.get(`/api/imports/${p.id}/rows`).query({ action: "create", offset: 10_999, limit: 1 })).body.rows[0];
    expect(last).toMatchObject({ row: 11_002, action: "create", duplicateOf: [2] });
    const commit = await member.post(`/api/imports/${p.id}/commit`).send({}).expect(200);
    // The reply lists the new listings in the file's order, then the updated ones.
    const names = new Map((await ctx.db.select({ id: listings.id, name: listings.listingName }).from(listings)).map((l) => [l.id, l.name]));
    const created = (commit.body.successful as { action: string; id: string }[]).filter((s) => s.action === "create").map((s) => names.get(s.id));
    expect(created).toEqual(rows.slice(1).map((r) => r[0]));
    const twins = await ctx.db.select().from(listings).where(eq(listings.listingName, "Twin"));
    expect(twins.map((t) => [t.id === kept.id, t.offeringType]).sort()).toEqual([
      [false, "Transfer"],
      [true, "Sell"],
    ]);
  });
});

describe("a file of one listing many times", { timeout: TIMEOUT.slow }, () => {
  it("lists the first ten other rows on each and counts the rest", async () => {
    const rows = Array.from({ length: 3_000 }, () => row("Same Shop"));
    const p = await preview({ content: csvText(HEADER, rows) });
    expect(p.summary.create).toBe(3_000);
    expect(p.duplicateRows).toBe(3_000);
    const page = (await member.get(`/api/imports/${p.id}/rows`).query({ offset: 0, limit: 12 })).body.rows;
    expect(page[0]).toMatchObject({ row: 2, duplicateOf: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12], duplicateCount: 2_999 });
    expect(page[11]).toMatchObject({ row: 13, duplicateOf: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11], duplicateCount: 2_999 });
  });
});

describe("undo", { timeout: TIMEOUT.slow }, () => {
  it("deletes what it created, restores what it updated, and skips listings changed since", async () => {
    const a = await createListing(ctx.db, { listingName: "A", address: "1 Oak St", city: "Wheeling", state: "WV", offeringType: "Lease" });
    const b = await createListing(ctx.db, { listingName: "BB", address: "2 Oak St", city: "Wheeling", state: "WV", offeringType: "Lease" });
    const file = csvText(HEADER, [row("A", { Address: "1 Oak St" }), row("BB", { Address: "2 Oak St" }), row("New One"), row("New Two")]);
    const p = await preview({ content: file });
    expect(p.summary).toEqual({ create: 2, update: 2, unchanged: 0, fail: 0 });
    const commit = (await member.post(`/api/imports/${p.id}/commit`).send({}).expect(200)).body;
    const newTwo = (await ctx.db.select().from(listings).where(eq(listings.listingName, "New Two")))[0];
    // Someone edits one updated and one created listing after the import.
    await ctx.db.update(listings).set({ notes: "edited", version: sql`${listings.version} + 1` }).where(eq(listings.id, b.id));
    await ctx.db.update(listings).set({ notes: "edited", version: sql`${listings.version} + 1` }).where(eq(listings.id, newTwo.id));
    expect(commit.successful).toHaveLength(4);
    // An admin may undo someone else's import.
    const undo = (await admin.post(`/api/imports/${p.id}/undo`).send({}).expect(200)).body;
    expect(undo.deleted).toBe(1);
    expect(undo.restored).toBe(1);
    expect(undo.skipped.map((s: { name: string }) => s.name).sort()).toEqual(["BB", "New Two"]);
    const after = await ctx.db.select().from(listings).orderBy(listings.listingName);
    expect(after.map((l) => [l.listingName, l.offeringType])).toEqual([["A", "Lease"], ["BB", "Sell"], ["New Two", "Sell"]]);
    expect(after[0].id).toBe(a.id);
    const entries = await ctx.db.select({ kind: auditEvents.kind }).from(auditEvents).where(sql`${auditEvents.kind} like '%undo%'`);
    expect(entries.map((e) => e.kind).sort()).toEqual(["csv.import-undone", "listing.import-undone", "listing.import-undone"]);
    expect((await member.get(`/api/imports/${p.id}`)).body).toMatchObject({ status: "undone", undoable: false });
  });
});

describe("files in the shapes of real exports", { timeout: TIMEOUT.slow }, () => {
  const latin = csvText(HEADER, [row("Café Déjà Vu", { "Property Description": "Owner’s corner – ±2,500 SF" })]);

  it("reads Windows-1252", async () => {
    const bytes = new Uint8Array([...latin].map((c) => ({ "é": 0xe9, "à": 0xe0, "’": 0x92, "–": 0x96, "±": 0xb1 })[c] ?? c.charCodeAt(0)));
    const p = await preview({ encoding: "base64", content: base64(bytes) });
    expect(p.charset).toBe("windows-1252");
    expect((await rowsOf(p.id))[0].listing.name).toBe("Café Déjà Vu");
  });
  it("reads UTF-16 with a BOM, and a semicolon-delimited file", async () => {
    const p = await preview({ encoding: "base64", content: base64(new Uint8Array([0xff, 0xfe, ...Buffer.from(latin, "utf16le")])) });
    expect(p.charset).toBe("utf-16le");
    expect(p.summary.create).toBe(1);
    const semi = await preview({ content: latin.replace(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/gm, ";") });
    expect(semi.delimiter).toBe(";");
    expect(semi.summary.create).toBe(1);
  });
  it("reads an .xlsx built here, sheet by sheet", async () => {
    const bytes = await writeXlsxFile([
      { sheet: "Notes", data: [["Nothing here"], ["really"]] },
      {
        sheet: "Listings",
        data: [
          ["Property Name", "Address", "City, State", "Asking Price", "Status", "Description", "Category"],
          ["Xlsx Plaza", "3 Main St", "Morgantown, West Virginia", 1650000, "For Sale", "Built in a test.", "Triple"],
        ],
      },
    ]).toBuffer();
    const first = await preview({ fileName: "book.xlsx", encoding: "base64", content: base64(bytes) });
    expect(first).toMatchObject({ format: "xlsx", sheets: ["Notes", "Listings"], sheet: "Notes" });
    const p = await preview({ fileName: "book.xlsx", encoding: "base64", content: base64(bytes), sheet: "Listings" });
    expect(p.mapping).toEqual(["listingName", "address", "cityState", "askingPrice", "offeringType", "propertyDescription", "marketingCategory"]);
    expect(p.summary.create).toBe(1);
    await member.post(`/api/imports/${p.id}/commit`).send({}).expect(200);
    expect((await ctx.db.select().from(listings))[0]).toMatchObject({ listingName: "Xlsx Plaza", askingPrice: 1650000, city: "Morgantown", state: "WV", offeringType: "Sell" });
    const missing = await send({ fileName: "book.xlsx", encoding: "base64", content: base64(bytes), sheet: "Nope" });
    expect(missing.body.message).toMatch(/no sheet named "Nope"/);
  });
  it("opens a workbook on its first sheet that holds rows, past an empty cover sheet", async () => {
    const bytes = await writeXlsxFile([
      { sheet: "Cover", data: [[null]] },
      {
        sheet: "Listings",
        data: [
          ["Property Name", "Address", "City, State", "Asking Price", "Status", "Description", "Category"],
          ["Behind A Cover", "9 Oak St", "Morgantown, West Virginia", 489000, "For Sale", "On the second sheet.", "Triple"],
        ],
      },
    ]).toBuffer();
    const p = await preview({ fileName: "covered.xlsx", encoding: "base64", content: base64(bytes) });
    expect(p).toMatchObject({ format: "xlsx", sheets: ["Cover", "Listings"], sheet: "Listings" });
    expect(p.summary.create).toBe(1);
    const cover = await send({ fileName: "covered.xlsx", encoding: "base64", content: base64(bytes), sheet: "Cover" });
    expect(cover.status).toBe(400);
  });
  it("a file whose every address is blank fails every row, naming Address", async () => {
    const p = await preview({ content: csvText(HEADER, [row("One", { Address: "" }), row("Two", { Address: " " })]) });
    expect(p.summary.fail).toBe(2);
    expect((await rowsOf(p.id)).map((r: { errors: { field: string }[] }) => r.errors[0].field)).toEqual(["address", "address"]);
  });
  it("non-Latin headers map to nothing, list every required field as missing, and import once mapped", async () => {
    const file = csvText(["物件名", "住所", "市", "州", "種別", "説明", "区分"], [["東京ビル", "1 Main St", "Wheeling", "WV", "Sell", "A shop.", "Single"]]);
    const p = await preview({ content: file });
    // No header is known; only the values of one column say what it is ("Sell" is an offering type).
    expect(p.mapping).toEqual([null, null, null, null, "offeringType", null, null]);
    expect(p.missingRequired).toEqual(TEMPLATE_MAPPING.filter((f) => f !== "offeringType"));
    expect(p.summary.fail).toBe(1);
    const mapped = await preview({ content: file, mapping: TEMPLATE_MAPPING });
    expect(mapped.summary.create).toBe(1);
  });
  it("gives every row a default agent by name, and refuses an unknown one on its rows", async () => {
    const agent = await createAgent(ctx.db, { name: "Dana Broker" });
    const p = await preview({ content: csvText(HEADER, [row("Agent Row")]), defaults: { agentId: "dana  broker" } });
    expect(p.summary.create).toBe(1);
    await member.post(`/api/imports/${p.id}/commit`).send({}).expect(200);
    expect((await ctx.db.select().from(listings))[0].agentId).toBe(agent.id);
    const unknown = await preview({ content: csvText(HEADER, [row("Other Row")]), defaults: { agentId: "Nobody Here" } });
    expect((await rowsOf(unknown.id))[0].errors[0]).toMatchObject({ field: "agentId", message: expect.stringContaining('Agent "Nobody Here" was not found') });
  });

  it("takes the name from the street address when no column holds it, and proposes a saved mapping next time", async () => {
    const header = ["Street", "Town", "ST", "Deal", "Blurb", "Tier"];
    const file = csvText(header, [["9 Elm St", "Wheeling", "WV", "Lease", "An office.", "Double"]]);
    const mapping = ["address", "city", "state", "offeringType", "propertyDescription", "marketingCategory"];
    const p = await preview({ content: file, mapping, matchBy: "address" });
    expect(p.nameFromAddress).toBe(true);
    expect((await rowsOf(p.id))[0].listing.name).toBe("9 Elm St");
    await member.post(`/api/imports/${p.id}/commit`).send({}).expect(200);
    expect((await ctx.db.select().from(listings))[0].listingName).toBe("9 Elm St");
    const again = await preview({ content: file });
    expect(again).toMatchObject({ savedMapping: true, mapping, matchBy: "address", summary: { unchanged: 1 } });
  });
});

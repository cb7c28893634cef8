import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ImportPreviewReply } from "../../../shared/imports/wire.js";
import { auditEvents, imports, listings } from "../../db/tables.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { crexiList, csvText, loopnetScrape } from "./import-fixtures.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

let ctx: TestContext;
let member: TestClient;
let other: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  member = (await ctx.userAgent()).agent;
  other = (await ctx.userAgent()).agent;
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.delete(imports);
  await ctx.db.delete(listings);
});

const preview = async (body: Record<string, unknown>, as = member): Promise<ImportPreviewReply> => {
  const res = await as.post("/api/imports/preview").send({ fileName: "file.csv", encoding: "text", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const rowsOf = async (id: string, action?: string) => (await member.get(`/api/imports/${id}/rows`).query(action ? { action, limit: 500 } : { limit: 500 })).body;
const countListings = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(listings))[0].n;

describe("import wizard: real export shapes", { timeout: TIMEOUT.slow }, () => {
  it("suggests a mapping for a Crexi list: combined addresses, price ranges and words, value maps", async () => {
    const p = await preview({ content: crexiList() });
    expect(p.mapping).toEqual(["listingName", "fullAddress", "askingPrice", "buildingSizeSf", "propertyType", "offeringType", "propertyDescription"]);
    expect(p.valueMaps.offeringType).toEqual({ "For Lease": "Lease", "For Sale": "Sell", "Sale/Lease": "Sell/Lease" });
    expect(p.valueMaps.propertyType["Vacant Land"]).toBe("Land");
    // Full state names became codes; a state the team does not list is left to fail.
    expect(p.valueMaps.state).toEqual({ AL: null, WV: "WV" });
    expect(p.missingRequired).toEqual(["marketingCategory"]);
    expect(p.summary).toEqual({ create: 0, update: 0, unchanged: 0, fail: 3 });
    const withDefault = await preview({ content: crexiList(), defaults: { marketingCategory: "Single" } });
    expect(withDefault.summary).toEqual({ create: 2, update: 0, unchanged: 0, fail: 1 });
    const { rows } = await rowsOf(withDefault.id);
    expect(rows[0]).toMatchObject({
      action: "fail",
      errors: [{ field: "state", message: expect.stringContaining('State "AL" is not one of the allowed values') }],
      listing: { name: "Dauphin Plaza", address: "54-56 Saint Emanuel St", city: "Mobile", state: "AL" },
    });
    expect(rows[1].listing).toEqual({
      name: "Bay Lots",
      address: "100 Water St, Suite 2",
      city: "Wheeling",
      state: "WV",
      price: "",
      size: "",
      propertyType: "Land",
      dealStage: "",
    });
    const commit = await member.post(`/api/imports/${withDefault.id}/commit`).send({});
    expect(commit.status, JSON.stringify(commit.body)).toBe(200);
    expect(commit.body.successful).toHaveLength(2);
    const stored = await ctx.db.select().from(listings).orderBy(listings.listingName);
    expect(stored.map((l) => [l.listingName, l.askingPrice, l.zip, l.offeringType, l.propertyType, l.buildingSizeSf])).toEqual([
      ["Bay Lots", null, "26003", "Sell/Lease", "Land", null],
      ["Harbor Office", null, null, "Lease", "Office", 8000],
    ]);
  });

  it("reads a price range as its lower bound", async () => {
    const file = csvText(
      ["Name", "Street", "City, State", "Price", "Sale Type", "Category", "Description"],
      [["Range", "1 Main St", "Wheeling, WV", "$489,000 - $699,000", "For Sale", "Single", "x"]],
    );
    const p = await preview({ content: file });
    expect(p.summary.create).toBe(1);
    await member.post(`/api/imports/${p.id}/commit`).send({}).expect(200);
    expect((await ctx.db.select().from(listings))[0]).toMatchObject({ askingPrice: 489000, city: "Wheeling", state: "WV", listingName: "Range" });
  });

  it("keeps nine LoopNet listings at one address with different links apart when matched by link", async () => {
    const nine = Array.from({ length: 9 }, (_, i) => ({ link: `https://www.loopnet.com/Listing/${i}`, address: "1 Dauphin St", price: i % 2 ? "$1,200,000" : "Price Upon Request" }));
    const p = await preview({ content: loopnetScrape(nine), matchBy: "link", defaults: { marketingCategory: "Double" } });
    expect(p.columns[0].header).toBe("");
    expect(p.mapping[0]).toBeNull();
    expect(p.mapping[3]).toBe("cityState");
    expect(p.mapping[8]).toBe("looplinkLink");
    expect(p.summary.create).toBe(9);
    expect(p.duplicateRows).toBe(0);
    await member.post(`/api/imports/${p.id}/commit`).send({}).expect(200);
    expect(await countListings()).toBe(9);
    // The same file again, by link: nine unchanged; by address: nine rows flagged, never merged.
    const again = await preview({ content: loopnetScrape(nine), matchBy: "link", defaults: { marketingCategory: "Double" } });
    expect(again.summary).toEqual({ create: 0, update: 0, unchanged: 9, fail: 0 });
    const byAddress = await preview({ content: loopnetScrape(nine), matchBy: "address", defaults: { marketingCategory: "Double" } });
    expect(byAddress.duplicateRows).toBe(9);
    expect(byAddress.summary.create + byAddress.summary.update + byAddress.summary.unchanged).toBe(9);
    const { rows } = await rowsOf(byAddress.id);
    expect(rows[0].duplicateOf).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe("import wizard: City and State from LoopNet links", { timeout: TIMEOUT.slow }, () => {
  const file = csvText(
    ["Property Name", "Street", "Price", "Link", "Description"],
    [
      ["High Plaza", "54 High St", "$650,000", "https://www.loopnet.com/Listing/54-High-St-Morgantown-WV/31234567/", "Corner retail."],
      ["River Corner", "7 Water St", "$2,400,000", "https://www.loopnet.com/Listing/7-Water-St-Wheeling-WV/31234571/", "Riverfront."],
    ],
  );
  const defaults = { offeringType: "Sell", marketingCategory: "Single" };

  it("offers the link column, reads each row's city and state from it, and takes no for an answer", async () => {
    const p = await preview({ content: file, defaults });
    expect(p.cityStateSources).toEqual([{ column: 3, example: "Morgantown, WV" }]);
    expect(p.cityStateFrom).toBe(3);
    expect(p.missingRequired).toEqual([]);
    expect(p.summary).toEqual({ create: 2, update: 0, unchanged: 0, fail: 0 });
    expect((await rowsOf(p.id)).rows.map((r: { listing: { city: string; state: string } }) => [r.listing.city, r.listing.state])).toEqual([
      ["Morgantown", "WV"],
      ["Wheeling", "WV"],
    ]);
    // The person's own mapping says where City and State come from, or that they come from nowhere.
    const own = await preview({ content: file, defaults, mapping: p.mapping, cityStateFrom: 3 });
    expect(own.summary.create).toBe(2);
    const refused = await member
      .post("/api/imports/preview")
      .send({ fileName: "file.csv", encoding: "text", content: file, defaults, mapping: p.mapping, cityStateFrom: null });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("City, State");
    const outside = await member
      .post("/api/imports/preview")
      .send({ fileName: "file.csv", encoding: "text", content: file, defaults, mapping: p.mapping, cityStateFrom: 9 });
    expect([outside.status, outside.body.message]).toEqual([400, "cityStateFrom names column 10, but the file has 5 columns"]);
  });
});

describe("import wizard: commit and undo", { timeout: TIMEOUT.slow }, () => {
  it("updates, shows before → after, commits with activity, and undoes", async () => {
    const existing = await createListing(ctx.db, { listingName: "Elm Office", address: "5 Elm St", city: "Wheeling", state: "WV", offeringType: "Lease" });
    const file = csvText(
      ["Listing Name", "Address", "City", "State", "Offering Type", "Property Description", "Marketing Category", "Asking Price"],
      [
        ["Elm Office", "5 Elm St", "Wheeling", "WV", "Sell", "Updated.", "Single", "$900,000"],
        ["New Shop", "9 Oak St", "Wheeling", "WV", "Sell", "New.", "Single", ""],
        ["Bad", "1 A St", "Wheeling", "ZZ", "Sell", "x", "Single", ""],
      ],
    );
    const p = await preview({ content: file });
    expect(p.summary).toEqual({ create: 1, update: 1, unchanged: 0, fail: 1 });
    const upd = (await rowsOf(p.id, "update")).rows[0];
    expect(upd.row).toBe(2);
    expect(upd.changes.offeringType).toEqual(["Lease", "Sell"]);
    expect(upd.changes.askingPrice).toEqual([null, 900000]);
    const fail = (await rowsOf(p.id, "fail")).rows[0];
    expect(fail).toMatchObject({ row: 4, action: "fail", errors: [{ field: "state" }] });
    const csv = await member.get(`/api/imports/${p.id}/failures.csv`);
    expect(csv.text.startsWith("\uFEFFListing Name,")).toBe(true);
    expect(csv.text).toContain("Bad,1 A St");
    expect(csv.text.split("\r\n")[0]).toMatch(/,Error$/);

    const commit = await member.post(`/api/imports/${p.id}/commit`).send({});
    expect(commit.status, JSON.stringify(commit.body)).toBe(200);
    expect(commit.body.failed).toEqual([{ row: 4, error: expect.stringContaining("State") }]);
    expect(commit.body.successful.map((s: { action: string }) => s.action).sort()).toEqual(["create", "update"]);
    expect((await member.post(`/api/imports/${p.id}/commit`).send({})).status).toBe(409);
    const status = (await member.get(`/api/imports/${p.id}`)).body;
    expect(status).toMatchObject({ status: "committed", counts: { created: 1, updated: 1, unchanged: 0, failed: 1 }, undoable: true });
    const kinds = (await ctx.db.select({ kind: auditEvents.kind }).from(auditEvents)).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(["csv.imported", "listing.imported", "listing.import-updated"]));
    const history = (await member.get("/api/imports")).body.imports;
    expect(history.map((h: { id: string }) => h.id)).toContain(p.id);

    expect((await other.post(`/api/imports/${p.id}/undo`).send({})).status).toBe(403);
    const undo = await member.post(`/api/imports/${p.id}/undo`).send({});
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(undo.body).toEqual({ deleted: 1, restored: 1, skipped: [] });
    const [back] = await ctx.db.select().from(listings).where(eq(listings.id, existing.id));
    expect(back).toMatchObject({ offeringType: "Lease", askingPrice: null, propertyDescription: existing.propertyDescription });
    expect(await countListings()).toBe(1);
    expect((await member.post(`/api/imports/${p.id}/undo`).send({})).status).toBe(409);
  });
});

describe("import wizard: who reads a preview", { timeout: TIMEOUT.slow }, () => {
  it("shows a preview, its rows, failures and progress to its importer and admins only; others get an unknown id", async () => {
    const admin = (await ctx.userAgent({ isAdmin: true })).agent;
    const file = csvText(
      ["Listing Name", "Address", "City", "State", "Offering Type", "Property Description", "Marketing Category"],
      [
        ["Secret Shop", "9 Oak St", "Wheeling", "WV", "Sell", "Private.", "Single"],
        ["Secret Lot", "1 A St", "Wheeling", "ZZ", "Sell", "Private too.", "Single"],
      ],
    );
    const p = await preview({ content: file });
    const reads = [`/api/imports/${p.id}`, `/api/imports/${p.id}/rows`, `/api/imports/${p.id}/failures.csv`];
    for (const path of reads) {
      const refused = await other.get(path);
      const unknown = await other.get(path.replace(p.id, randomUUID()));
      expect([path, refused.status, refused.text]).toEqual([path, 404, unknown.text]);
      expect((await member.get(path)).status, path).toBe(200);
      expect((await admin.get(path)).status, path).toBe(200);
    }
    expect((await other.get(`/api/imports/${p.id}/failures.csv`)).text).not.toContain("Secret");
    expect((await other.post(`/api/imports/${p.id}/commit`).send({})).status).toBe(404);

    // Committed, it is in everyone's history: its entry is everyone's, its rows still are not.
    await member.post(`/api/imports/${p.id}/commit`).send({}).expect(200);
    expect((await other.get("/api/imports")).body.imports.map((h: { id: string }) => h.id)).toContain(p.id);
    expect((await other.get(`/api/imports/${p.id}`)).body).toMatchObject({ status: "committed", undoable: false });
    expect((await other.get(`/api/imports/${p.id}/rows`)).status).toBe(404);
    expect((await other.get(`/api/imports/${p.id}/failures.csv`)).status).toBe(404);
    expect((await admin.get(`/api/imports/${p.id}/rows`)).status).toBe(200);
  });
});

import Papa from "papaparse";
import supertest from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CSV_EXPORT_COLUMNS, CSV_TEMPLATE_COLUMNS } from "../../../shared/csv-columns.js";
import { listings } from "../../db/tables.js";
import { createAgent, createListing } from "../../test/factories.js";
import { contextWithMember, type TestClient, type TestContext } from "../../test/test-app.js";
import { exportCsv as exportCsvOf } from "../../test/export-csv.js";

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  ({ ctx, member } = await contextWithMember());
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.delete(listings);
});

const exportCsv = (body: object = {}) => exportCsvOf(member, body);
const rowsOf = (text: string) => Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;

describe("POST /api/listings/export", () => {
  it("answers listings.csv with a BOM, the export columns and every listing", async () => {
    const agent = await createAgent(ctx.db, { name: "Jordan Lee" });
    await createListing(ctx.db, {
      listingName: "Corner Café, \"The Bean\"",
      address: "1 Main St",
      city: "Wheeling",
      state: "WV",
      offeringType: "Sell/Lease",
      propertyDescription: "Two floors.\nParking behind.",
      marketingCategory: "Grand Slam",
      notes: "Keys at desk",
      marketingFlyerLink: "https://example.com/f.pdf",
      googleDriveLink: "https://drive.example.com/x",
      agentId: agent.id,
      isActive: false,
      propertyType: "Restaurant",
      askingPrice: 1_650_000,
      leaseRate: 18.5,
      leaseRateUnit: "per SF/yr",
      leaseType: "NNN",
      lotSizeAcres: 2.165,
      capRate: 7.5,
      expirationDate: "2026-12-31",
    });
    await createListing(ctx.db, { listingName: "Plain", address: "2 Main St" });

    const { res, text } = await exportCsv();
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="listings.csv"');
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(text.startsWith("\uFEFFListing Name,Address,City,State,")).toBe(true);
    const [header, ...rows] = rowsOf(text);
    expect(header).toEqual([...CSV_EXPORT_COLUMNS]);
    expect(rows).toHaveLength(2);
    const cafe = rows.find((r) => r[1] === "1 Main St")!;
    expect(Object.fromEntries(header.map((h, i) => [h, cafe[i]]))).toEqual({
      "Listing Name": 'Corner Café, "The Bean"',
      Address: "1 Main St",
      City: "Wheeling",
      State: "WV",
      "Offering Type": "Sell/Lease",
      "Property Description": "Two floors.\nParking behind.",
      "Marketing Category": "Grand Slam",
      Notes: "Keys at desk",
      "Marketing Category Reference": "",
      "Marketing Flyer Link": "https://example.com/f.pdf",
      "Looplink Link": "",
      "Is Active": "false",
      "Google Drive Link": "https://drive.example.com/x",
      "Dropbox Link": "",
      Agent: "Jordan Lee",
      // The listing facts after the existing columns: plain numbers and ISO dates.
      "Property Type": "Restaurant",
      "Property Subtype": "",
      Zip: "",
      "Asking Price": "1650000",
      "Lease Rate": "18.5",
      "Lease Rate Unit": "per SF/yr",
      "Lease Type": "NNN",
      "Building Size (SF)": "",
      "Available Size (SF)": "",
      "Lot Size (Acres)": "2.165",
      "Year Built": "",
      "Building Class": "",
      "Cap Rate (%)": "7.5",
      Zoning: "",
      "Deal Stage": "",
      "Listing Date": "",
      "Expiration Date": "2026-12-31",
      Latitude: "",
      Longitude: "",
    });
    expect(header.slice(0, 15)).toEqual([...CSV_TEMPLATE_COLUMNS, "Google Drive Link", "Dropbox Link", "Agent"]);
  });

  it("neutralises cells a spreadsheet would run as formulas", async () => {
    const agent = await createAgent(ctx.db, { name: "@admin" });
    await createListing(ctx.db, {
      listingName: "=HYPERLINK(\"http://evil.example\",\"x\")",
      address: "+1 Main",
      city: "-2+3",
      propertyDescription: "@SUM(A1)",
      notes: "'=already quoted",
      marketingCategoryReference: "plain 'quote'",
      agentId: agent.id,
    });
    const [, row] = rowsOf((await exportCsv()).text);
    expect(row.slice(0, 3)).toEqual(["'=HYPERLINK(\"http://evil.example\",\"x\")", "'+1 Main", "'-2+3"]);
    expect(row[5]).toBe("'@SUM(A1)");
    expect(row[7]).toBe("''=already quoted");
    expect(row[8]).toBe("plain 'quote'");
    expect(row[14]).toBe("'@admin");
  });

  it("exports only the chosen listings, skipping ids that no longer exist", async () => {
    const a = await createListing(ctx.db, { listingName: "Chosen A" });
    await createListing(ctx.db, { listingName: "Not Chosen" });
    const b = await createListing(ctx.db, { listingName: "Chosen B" });
    const { res, text } = await exportCsv({ listingIds: [b.id, a.id, "gone-id", a.id] });
    expect(res.status).toBe(200);
    expect(rowsOf(text).slice(1).map((r) => r[0]).sort()).toEqual(["Chosen A", "Chosen B"]);
  });

  it("streams thousands of listings in id order, each exactly once", async () => {
    const values = Array.from({ length: 2_500 }, (_, i) => ({
      listingName: `Stream ${i}`,
      address: `${i} Stream Rd`,
      city: "Erie",
      state: "PA",
      offeringType: "Lease" as const,
      propertyDescription: "Space",
      marketingCategory: "Single" as const,
    }));
    const ids = (await ctx.db.insert(listings).values(values).returning({ id: listings.id })).map((r) => r.id);
    const rows = rowsOf((await exportCsv()).text).slice(1);
    expect(rows).toHaveLength(2_500);
    const byName = new Map(values.map((v, i) => [v.listingName, ids[i]]));
    const exportedIds = rows.map((r) => byName.get(r[0])!);
    expect(new Set(exportedIds).size).toBe(2_500);
    expect(exportedIds).toEqual([...exportedIds].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
  });

  it("refuses a bad body and signed-out callers", async () => {
    const bad = await member.post("/api/listings/export").send({ listingIds: "all" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("listingIds must be a list of listing ids");
    const empty = await member.post("/api/listings/export").send({ listingIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Select at least one listing");
    expect((await supertest(ctx.app).post("/api/listings/export").send({})).status).toBe(401);
  });
});

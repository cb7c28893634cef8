// The listing facts through CSV: the template stays the spec's 12 columns; import also reads the facts'
// columns as exports write them; a bad fact fails its row with the row number and the field.
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CSV_FACT_COLUMNS, CSV_TEMPLATE_COLUMNS, csvTemplateText, type ImportResult } from "../../../shared/csv-columns.js";
import { listings } from "../../db/tables.js";
import { contextWithMember, type TestClient, type TestContext } from "../../test/test-app.js";
import { csvFile, templateRow } from "./csv-fixtures.js";

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  ({ ctx, member } = await contextWithMember());
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.delete(listings);
});

const FACT_COLUMNS = Object.keys(CSV_FACT_COLUMNS);
const WITH_FACTS = [...CSV_TEMPLATE_COLUMNS, ...FACT_COLUMNS];
const imported = async (csvData: string): Promise<ImportResult> => {
  const res = await member.post("/api/listings/import").send({ csvData });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const byName = async (listingName: string) => (await ctx.db.select().from(listings).where(eq(listings.listingName, listingName)))[0];

describe("CSV import with listing facts", () => {
  it("keeps the downloadable template to the spec's 12 columns", () => {
    expect(csvTemplateText()).toBe(`${CSV_TEMPLATE_COLUMNS.join(",")}\r\n`);
    expect(CSV_TEMPLATE_COLUMNS).toHaveLength(12);
  });

  it("reads the facts as exports write them", async () => {
    const result = await imported(
      csvFile(
        [
          templateRow({
            "Listing Name": "Typed Facts",
            "Property Type": "retail",
            "Property Subtype": "Strip Center",
            Zip: "26501-1234",
            "Asking Price": "$1,650,000",
            "Lease Rate": "$18.50 /SF/yr NNN",
            "Building Size (SF)": "20,000 SF",
            "Available Size (SF)": "±2,520 SF",
            "Lot Size (Acres)": "94,290 SF",
            "Year Built": "1998",
            "Building Class": "Class B",
            "Cap Rate (%)": "7.5%",
            Zoning: "C-2",
            "Deal Stage": "under contract",
            "Listing Date": "3/15/2026",
            "Expiration Date": "2026-12-31",
          }),
          templateRow({ "Listing Name": "Empty Facts", "Asking Price": "N/A", "Cap Rate (%)": "", "Lease Rate": "-" }),
          templateRow({ "Listing Name": "Millions", "Asking Price": "1.65M", "Lot Size (Acres)": "2.5 acres" }),
        ],
        WITH_FACTS,
      ),
    );
    expect(result.failed).toEqual([]);
    expect(result.ignoredColumns).toEqual([]);
    expect(await byName("Typed Facts")).toMatchObject({
      propertyType: "Retail",
      propertySubtype: "Strip Center",
      zip: "26501-1234",
      askingPrice: 1_650_000,
      leaseRate: 18.5,
      leaseRateUnit: "per SF/yr",
      leaseType: "NNN",
      buildingSizeSf: 20_000,
      availableSizeSf: 2_520,
      lotSizeAcres: 2.165,
      yearBuilt: 1998,
      buildingClass: "B",
      capRate: 7.5,
      zoning: "C-2",
      dealStage: "Under Contract",
      listingDate: "2026-03-15",
      expirationDate: "2026-12-31",
    });
    expect(await byName("Empty Facts")).toMatchObject({ askingPrice: null, capRate: null, leaseRate: null });
    expect(await byName("Millions")).toMatchObject({ askingPrice: 1_650_000, lotSizeAcres: 2.5 });
  });

  it("accepts other exports' names for the fact columns", async () => {
    const columns = [...CSV_TEMPLATE_COLUMNS, "ZIP Code", "Price", "Building SF", "Cap Rate", "Status"];
    const row = templateRow({ "Listing Name": "Aliases", "ZIP Code": "26501", Price: "$900,000", "Building SF": "12,000", "Cap Rate": "6.25%", Status: "Active" });
    const result = await imported(csvFile([row], columns));
    expect(result.failed).toEqual([]);
    expect(await byName("Aliases")).toMatchObject({ zip: "26501", askingPrice: 900_000, buildingSizeSf: 12_000, capRate: 6.25, dealStage: "Active" });
  });

  it("fails a row with a bad fact by its row number and field, and imports the good rows", async () => {
    const result = await imported(
      csvFile(
        [
          templateRow({ "Listing Name": "Good One", "Asking Price": "$500,000" }),
          templateRow({ "Listing Name": "Bad Year", "Year Built": "1600" }),
          templateRow({ "Listing Name": "Bad Cap", "Cap Rate (%)": "150%" }),
          templateRow({ "Listing Name": "No Unit", "Lease Rate": "$18.50" }),
          templateRow({ "Listing Name": "Backwards", "Listing Date": "2026-06-01", "Expiration Date": "2026-05-01" }),
          templateRow({ "Listing Name": "Bad Price", "Asking Price": "call us" }),
        ],
        WITH_FACTS,
      ),
    );
    expect(result.successful.map((s) => s.listingName)).toEqual(["Good One"]);
    const failures = Object.fromEntries(result.failed.map((f) => [f.row, f.error]));
    expect(Object.keys(failures).map(Number)).toEqual([3, 4, 5, 6, 7]);
    expect(failures[3]).toMatch(/^Year built must be between 1700 and \d{4} \(found "1600"\)$/);
    expect(failures[4]).toContain('Cap rate is a percentage up to 100');
    expect(failures[4]).toContain('(found "150%")');
    expect(failures[5]).toContain("Lease rate unit is required when a lease rate is set");
    expect(failures[6]).toContain("Expiration date must not be before the listing date");
    expect(failures[7]).toContain('Asking price must be whole dollars');
    expect(failures[7]).toContain('(found "call us")');
    const all = await ctx.db.select().from(listings).orderBy(asc(listings.listingName));
    expect(all.map((l) => l.listingName)).toEqual(["Good One"]);
  });

  it("updates only the fact columns the file has", async () => {
    await imported(csvFile([templateRow({ "Listing Name": "Kept", Address: "1 Keep St", "Asking Price": "$700,000", "Cap Rate (%)": "8%" })], WITH_FACTS));
    const columns = [...CSV_TEMPLATE_COLUMNS, "Asking Price"];
    const result = await imported(csvFile([templateRow({ "Listing Name": "Kept", Address: "1 Keep St", "Asking Price": "$650,000" })], columns));
    expect(result.successful.map((s) => s.action)).toEqual(["updated"]);
    expect(await byName("Kept")).toMatchObject({ askingPrice: 650_000, capRate: 8 });
  });

  it("refuses a whole file whose single column of a pair would break a stored listing's rule, importing nothing", async () => {
    await imported(csvFile([templateRow({ "Listing Name": "Dated", Address: "2 Date St", "Listing Date": "2026-06-01" })], WITH_FACTS));
    const columns = [...CSV_TEMPLATE_COLUMNS, "Expiration Date"];
    const file = csvFile(
      [
        templateRow({ "Listing Name": "Dated", Address: "2 Date St", "Expiration Date": "2026-05-01", Notes: "changed" }),
        templateRow({ "Listing Name": "Brand New", "Expiration Date": "2026-05-01" }),
      ],
      columns,
    );
    const res = await member.post("/api/listings/import").send({ csvData: file });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      "Nothing was imported. Expiration date must not be before the listing date: 1 listing would expire before their listing date. Add the Listing Date column, or fix the dates.",
    );
    expect(await byName("Dated")).toMatchObject({ listingDate: "2026-06-01", expirationDate: null, notes: null });
    expect(await byName("Brand New")).toBeUndefined();
    // With a later expiration the same file goes through.
    const fine = await imported(file.replace(/2026-05-01/g, "2026-07-01"));
    expect(fine.failed).toEqual([]);
    expect(await byName("Dated")).toMatchObject({ listingDate: "2026-06-01", expirationDate: "2026-07-01" });
  });
});

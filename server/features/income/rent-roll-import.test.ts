// Importing a listing's rent roll from a spreadsheet (docs/guides/spaces-and-income.md): the
// export's own file comes back unchanged, bad rows are named by row and column and change
// nothing, a commit replaces the roll in one go, and an undo puts the old roll back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createListing } from "../../test/factories.js";
import { contextWithMember, type TestClient, type TestContext } from "../../test/test-app.js";
import { csvText, deflatedPart, SHEET_HEAD, SHEET_TAIL, sheetRow, workbookOf } from "../imports/import-fixtures.js";
import { importKit, withoutIds } from "./import-test-kit.js";

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  ({ ctx, member } = await contextWithMember());
});
afterAll(() => ctx.close());

const { entriesOf, textFile, preview, commit, exported } = importKit("rent-roll", () => ({ ctx, member }));

interface TenantJson {
  id: number;
  tenant: string;
  [field: string]: unknown;
}

const rollOf = async (id: string): Promise<TenantJson[]> => (await member.get(`/api/listings/${id}/rent-roll`).expect(200)).body.tenants;
const addTenant = (id: string, body: object) => member.post(`/api/listings/${id}/rent-roll`).send(body).expect(201);

describe("rent roll import", () => {
  it("imports the exported rent-roll.csv back unchanged, leaving out the other listings' rows", async () => {
    const tower = await createListing(ctx.db, { listingName: "Tower", buildingSizeSf: 50_000 });
    const plaza = await createListing(ctx.db, { listingName: "Plaza", buildingSizeSf: 20_000 });
    await addTenant(tower.id, { tenant: "=Acme, Inc.", suite: "100", sizeSf: "2,400 SF", annualRent: "$48,000.50", leaseStart: "1/1/2024", leaseEnd: "12/31/2030", reimbursements: "NNN", options: "Two 5-year renewals", notes: 'Says "hi", pays early' });
    await addTenant(tower.id, { tenant: "Bakery", sizeSf: 1_200, annualRent: 30_000 });
    await addTenant(plaza.id, { tenant: "Gym", sizeSf: 8_000, annualRent: 96_000 });
    const before = await rollOf(tower.id);
    const file = await exported([tower.id, plaza.id]);

    const shown = (await preview(tower.id, textFile(file)).expect(200)).body;
    expect(shown.problems).toEqual([]);
    expect(shown.mapping).toEqual([
      "listingId", null, null, null, "tenant", "suite", "sizeSf", "leaseStart", "leaseEnd", "annualRent", "rentPerSf", "reimbursements", "options", "notes",
    ]);
    expect(shown).toMatchObject({ otherListings: 1, replaces: 2 });
    expect(shown.rows.map((t: TenantJson) => t.tenant)).toEqual(["=Acme, Inc.", "Bakery"]);
    expect(await rollOf(tower.id)).toEqual(before);

    const done = (await commit(tower.id, textFile(file)).expect(201)).body;
    expect(done).toMatchObject({ added: 2, replaced: 2 });
    expect(withoutIds(await rollOf(tower.id))).toEqual(withoutIds(before));
    expect(await rollOf(plaza.id)).toHaveLength(1);
    expect(await entriesOf(tower.id, "listing.rent-roll-imported")).toBe(1);
  });

  it("names every bad value by row and column, and a commit of the file changes nothing", async () => {
    const listing = await createListing(ctx.db, { buildingSizeSf: 10_000 });
    await addTenant(listing.id, { tenant: "Keep me", sizeSf: 1_000, annualRent: 12_000 });
    const file = csvText(
      ["Tenant", "Suite", "SF", "Commencement", "Expiration", "Base Rent"],
      [
        ["Good Co", "100", "2,000", "1/1/2025", "12/31/2029", "$40,000"],
        ["Late Co", "200", "1,500", "1/1/2026", "1/1/2025", "$30,000"],
        ["Minus Co", "300", "1,000", "", "", "-$500"],
        ["Huge Co", "400", "12,000", "", "", "$9,000"],
        ["Date Co", "500", "1,000", "someday", "", "$9,000"],
        ["", "600", "1,000", "", "", "$9,000"],
      ],
    );
    const shown = (await preview(listing.id, textFile(file)).expect(200)).body;
    expect(shown.rows.map((t: TenantJson) => t.tenant)).toEqual(["Good Co"]);
    expect(shown.problems).toEqual([
      { row: 3, column: "Expiration", message: "Lease end must not be before the lease start" },
      { row: 4, column: "Base Rent", message: "Annual rent must be a dollar amount of $0 or more with at most 2 decimals (not negative), like $48,000" },
      { row: 5, column: "SF", message: "Size must not be larger than the building (10,000 SF)" },
      { row: 6, column: "Commencement", message: "Lease start must be a date like 2027-03-01 or 3/1/2027" },
      { row: 7, column: "Tenant", message: "Tenant is required" },
    ]);
    const refused = await commit(listing.id, textFile(file)).expect(400);
    expect(refused.body.message).toMatch(/^The file has 5 problems; nothing was imported\. Row 3, Expiration: Lease end must not be before the lease start; /);
    expect((await rollOf(listing.id)).map((t) => t.tenant)).toEqual(["Keep me"]);
    expect(await entriesOf(listing.id, "listing.rent-roll-imported")).toBe(0);
  });

  it("says which columns are missing, and refuses a file with no rows for this listing", async () => {
    const listing = await createListing(ctx.db);
    const shown = (await preview(listing.id, textFile(csvText(["Name", "Suite"], [["Cafe", "1"]]))).expect(200)).body;
    expect(shown.problems.map((p: { message: string }) => p.message)).toEqual([
      "No column is mapped to Size SF",
      "No column is mapped to a rent (Annual Rent, Monthly Rent or Rent per SF)",
    ]);
    const other = csvText(["Listing ID", "Tenant", "Size SF", "Annual Rent"], [["00000000-0000-4000-8000-000000000000", "Cafe", "100", "1000"]]);
    expect((await commit(listing.id, textFile(other)).expect(400)).body.message).toBe("The file has no rows for this listing; nothing was imported.");
    const twice = (await preview(listing.id, { ...textFile(other), mapping: [null, "tenant", "tenant", "annualRent"] }).expect(200)).body;
    expect(twice.problems).toEqual([
      { row: 1, column: "Size SF", message: "Tenant is also mapped to column Tenant" },
      { row: 1, column: "", message: "No column is mapped to Size SF" },
    ]);
    expect((await preview(listing.id, { ...textFile(other), mapping: ["tenant"] }).expect(400)).body.message).toBe("mapping must list a field or null for each of the file's 4 columns");
    expect((await preview(listing.id, { ...textFile(other), mapping: ["tenant", "nope", null, null] }).expect(400)).body.message).toMatch(/^mapping must list one of listingId, tenant/);
  });

  it("takes a file beyond the 1 MB body cap of other routes", async () => {
    const listing = await createListing(ctx.db);
    const memo = "x".repeat(1000);
    const rows = Array.from({ length: 1500 }, (_, i) => [`Tenant ${i}`, "100", "1000", memo]);
    const file = csvText(["Tenant", "Size SF", "Annual Rent", "Memo"], rows);
    expect(file.length).toBeGreaterThan(1024 * 1024);
    const shown = (await preview(listing.id, textFile(file)).expect(200)).body;
    expect(shown).toMatchObject({ problems: [], mapping: ["tenant", "sizeSf", "annualRent", null] });
    expect(shown.rows).toHaveLength(1500);
  });

  it("reads a workbook with monthly rents and rents per SF, as mapped", async () => {
    const listing = await createListing(ctx.db);
    const sheet = deflatedPart(
      "xl/worksheets/sheet1.xml",
      [SHEET_HEAD, sheetRow(1, ["Lessee", "Unit", "RSF", "Monthly Rent", "$/SF"]), sheetRow(2, ["Cafe", "A", "1,000", "$2,500.10", ""]), sheetRow(3, ["Gym", "B", "4,000", "", "$12.50"]), SHEET_TAIL].join(""),
    );
    const body = { fileName: "roll.xlsx", content: workbookOf(sheet).toString("base64"), encoding: "base64" };
    const shown = (await preview(listing.id, body).expect(200)).body;
    expect(shown).toMatchObject({ format: "xlsx", mapping: ["tenant", "suite", "sizeSf", "monthlyRent", "rentPerSf"], problems: [] });
    await commit(listing.id, body).expect(201);
    expect((await rollOf(listing.id)).map((t) => [t.tenant, t.annualRent])).toEqual([
      ["Cafe", 30_001.2],
      ["Gym", 50_000],
    ]);
    // A mapping sent overrides the suggestion: here the unit is left out.
    await commit(listing.id, { ...body, mapping: ["tenant", null, "sizeSf", "monthlyRent", "rentPerSf"] }).expect(201);
    expect((await rollOf(listing.id)).map((t) => t.suite)).toEqual([null, null]);
  });

  it("undoes an import: the old roll comes back as it was, once, and not over later changes", async () => {
    const listing = await createListing(ctx.db);
    await addTenant(listing.id, { tenant: "Old One", suite: "1", sizeSf: 500, annualRent: 6_000, notes: "keep" });
    const before = await rollOf(listing.id);
    const file = textFile(csvText(["Tenant", "Size SF", "Annual Rent"], [["New One", "700", "7000"], ["New Two", "800", "8000"]]));

    const { importId } = (await commit(listing.id, file).expect(201)).body;
    expect((await rollOf(listing.id)).map((t) => t.tenant)).toEqual(["New One", "New Two"]);
    expect((await member.post(`/api/listings/${listing.id}/rent-roll/imports/${importId}/undo`).expect(200)).body).toEqual({ restored: 1 });
    expect(await rollOf(listing.id)).toEqual(before);
    expect(await entriesOf(listing.id, "listing.rent-roll-import-undone")).toBe(1);
    expect((await member.post(`/api/listings/${listing.id}/rent-roll/imports/${importId}/undo`).expect(409)).body.message).toBe("This import is already undone.");

    // Edited after the import: the undo would lose the edit, so it is refused.
    const again = (await commit(listing.id, file).expect(201)).body.importId;
    const [first] = await rollOf(listing.id);
    await member.patch(`/api/listings/${listing.id}/rent-roll/${first.id}`).send({ annualRent: 7_100 }).expect(200);
    const refused = await member.post(`/api/listings/${listing.id}/rent-roll/imports/${again}/undo`).expect(409);
    expect(refused.body.message).toMatch(/^The rent roll has changed since this import/);
    expect((await rollOf(listing.id)).map((t) => t.annualRent)).toEqual([7_100, 8_000]);

    const elsewhere = await createListing(ctx.db);
    await member.post(`/api/listings/${elsewhere.id}/rent-roll/imports/${again}/undo`).expect(404);
  });
});

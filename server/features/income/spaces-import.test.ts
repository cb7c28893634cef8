// Importing a listing's spaces from a spreadsheet (docs/guides/spaces-and-income.md): the exported
// spaces.csv comes back unchanged, the listing's spaces summary follows the import and its undo,
// choices are read whatever their case, and bad rows are named by row and column.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createListing } from "../../test/factories.js";
import { contextWithMember, type TestClient, type TestContext } from "../../test/test-app.js";
import { csvText } from "../imports/import-fixtures.js";
import { importKit, withoutIds } from "./import-test-kit.js";

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  ({ ctx, member } = await contextWithMember());
});
afterAll(() => ctx.close());

const { entriesOf, textFile, preview, commit, exported } = importKit("spaces", () => ({ ctx, member }));

interface SpaceJson {
  id: number;
  suite: string;
  [field: string]: unknown;
}

const spacesOf = async (id: string): Promise<SpaceJson[]> => (await member.get(`/api/listings/${id}/spaces`).expect(200)).body;
const summaryOf = async (id: string) => (await member.get(`/api/listings/${id}`).expect(200)).body.spacesSummary;
const addSpace = (id: string, body: object) => member.post(`/api/listings/${id}/spaces`).send(body).expect(201);

describe("spaces import", () => {
  it("imports the exported spaces.csv back unchanged, and the summary follows the import and its undo", async () => {
    const tower = await createListing(ctx.db, { buildingSizeSf: 50_000 });
    const plaza = await createListing(ctx.db, { buildingSizeSf: 20_000 });
    await addSpace(tower.id, { suite: "200", floor: "2", sizeSf: "2,400 SF", minDivisibleSf: 1_200, rate: "$18.50", leaseType: "NNN", availableOn: "3/1/2027", spaceType: "Office", description: "=Corner, with views" });
    await addSpace(tower.id, { suite: "300", sizeSf: 9_800, rate: 1_500, rateUnit: "month", status: "pending" });
    await addSpace(plaza.id, { suite: "1", sizeSf: 1_000 });
    const before = await spacesOf(tower.id);
    const file = await exported([tower.id, plaza.id]);

    const shown = (await preview(tower.id, textFile(file)).expect(200)).body;
    expect(shown.problems).toEqual([]);
    expect(shown.mapping).toEqual([
      "listingId", null, null, null, "suite", "floor", "sizeSf", "minDivisibleSf", "rate", "rateUnit", "leaseType", "availableOn", "status", "spaceType", "description",
    ]);
    expect(shown).toMatchObject({ otherListings: 1, replaces: 2 });
    const { importId } = (await commit(tower.id, textFile(file)).expect(201)).body;
    expect(withoutIds(await spacesOf(tower.id))).toEqual(withoutIds(before));
    expect(await entriesOf(tower.id, "listing.spaces-imported")).toBe(1);

    // A file of its own replaces them; the listing's range is of the new spaces.
    const other = csvText(["Unit", "RSF", "Asking Rate", "Status", "Lease Structure"], [["A", "5,000", "$20", "Available", "nnn"]]);
    await member.post(`/api/listings/${tower.id}/spaces/imports/${importId}/undo`).expect(200);
    expect(await spacesOf(tower.id)).toEqual(before);
    const second = (await commit(tower.id, textFile(other)).expect(201)).body;
    expect((await spacesOf(tower.id)).map((s) => [s.suite, s.sizeSf, s.rate, s.rateUnit, s.status, s.leaseType])).toEqual([["A", 5000, 20, "SF/yr", "available", "NNN"]]);
    expect(await summaryOf(tower.id)).toMatchObject({ count: 1, minSf: 5000, maxSf: 5000 });
    await member.post(`/api/listings/${tower.id}/spaces/imports/${second.importId}/undo`).expect(200);
    expect(await spacesOf(tower.id)).toEqual(before);
    expect(await summaryOf(tower.id)).toMatchObject({ count: 1, minSf: 2400, maxSf: 2400 });
    expect(await entriesOf(tower.id, "listing.spaces-import-undone")).toBe(2);
    // An import of one kind is not undone through the other's route.
    await member.post(`/api/listings/${tower.id}/rent-roll/imports/${second.importId}/undo`).expect(404);
  });

  it("names every bad value by row and column, and changes nothing", async () => {
    const listing = await createListing(ctx.db, { buildingSizeSf: 10_000 });
    await addSpace(listing.id, { suite: "Keep", sizeSf: 1_000 });
    const file = csvText(
      ["Suite", "Size SF", "Min Divisible SF", "Rate Unit", "Status"],
      [
        ["100", "2,000", "", "SF/yr", "available"],
        ["200", "1,000", "1,500", "", ""],
        ["300", "1,000", "", "per week", ""],
        ["400", "20,000", "", "", "gone"],
      ],
    );
    const shown = (await preview(listing.id, textFile(file)).expect(200)).body;
    expect(shown.rows.map((s: SpaceJson) => s.suite)).toEqual(["100"]);
    expect(shown.problems).toEqual([
      { row: 3, column: "Min Divisible SF", message: "Minimum divisible size must not be larger than the space" },
      { row: 4, column: "Rate Unit", message: "Rate unit must be one of SF/yr, SF/mo, month, year" },
      { row: 5, column: "Status", message: "Status must be one of available, pending, leased" },
    ]);
    await commit(listing.id, textFile(file)).expect(400);
    expect((await spacesOf(listing.id)).map((s) => s.suite)).toEqual(["Keep"]);
    const tenantsField = (await preview(listing.id, { ...textFile(file), mapping: ["tenant", null, null, null, null] }).expect(400)).body.message;
    expect(tenantsField).toBe("mapping must list one of listingId, suite, floor, sizeSf, minDivisibleSf, rate, rateUnit, leaseType, availableOn, status, spaceType, description or null per column (not tenant)");
  });
});

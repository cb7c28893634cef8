// Unstorable text in CSV import: a cell holding U+0000 or a lone surrogate fails its own row,
// named by row and column; the other rows import (before, the whole import failed with 500).
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSV_TEMPLATE_COLUMNS, type ImportResult } from "../../../shared/csv-columns.js";
import { listings } from "../../db/tables.js";
import { contextWithMember, type TestClient, type TestContext } from "../../test/test-app.js";
import { csvFile, templateRow } from "./csv-fixtures.js";

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  ({ ctx, member } = await contextWithMember());
});
afterAll(() => ctx.close());

describe("POST /api/listings/import with text the database cannot store", () => {
  it("fails only the rows holding it, naming their row and column, and imports the rest", async () => {
    const csvData = csvFile([
      templateRow({ "Listing Name": "Clean One" }),
      templateRow({ "Listing Name": "Bad\u0000Name" }),
      templateRow({ "Listing Name": "Clean Two", Notes: "fine" }),
      templateRow({ "Listing Name": "Surrogate", Notes: "half an emoji \uD83D here" }),
      templateRow({ "Listing Name": "Zoned", Zoning: "C\u00002" }),
    ], [...CSV_TEMPLATE_COLUMNS, "Zoning"]);
    const res = await member.post("/api/listings/import").send({ csvData });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = res.body as ImportResult;
    expect(result.successful.map((s) => s.row)).toEqual([2, 4]);
    expect(result.failed).toEqual([
      { row: 3, error: "Listing Name contains a character that can't be stored" },
      { row: 5, error: "Notes contains a character that can't be stored" },
      { row: 6, error: "Zoning contains a character that can't be stored" },
    ]);
    const stored = await ctx.db.select({ name: listings.listingName }).from(listings).orderBy(asc(listings.listingName));
    expect(stored.map((r) => r.name)).toEqual(["Clean One", "Clean Two"]);
  });

  it("names the field as the form labels it in a JSON edit", async () => {
    const res = await member.post("/api/listings").send({ listingName: "A\u0000" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: "Listing Name contains a character that can't be stored",
      errors: { listingName: "Listing Name contains a character that can't be stored" },
    });
  });
});

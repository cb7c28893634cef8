// The spaces and rent roll CSV files beside the listings export: their own endpoints, the same
// listing selection, figures as plain numbers, every text cell neutralised.
import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RENT_ROLL_CSV_COLUMNS, SPACE_CSV_COLUMNS } from "../../../shared/income-csv.js";
import { auditEvents } from "../../db/tables.js";
import { createListing } from "../../test/factories.js";
import { contextWithMember, type TestClient, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  ({ ctx, member } = await contextWithMember());
});
afterAll(() => ctx.close());

async function exportFile(path: string, body: object = {}) {
  const res = await member
    .post(path)
    .send(body)
    .buffer(true)
    .parse((r, done) => {
      let text = "";
      r.setEncoding("utf8");
      r.on("data", (chunk: string) => (text += chunk));
      r.on("end", () => done(null, text));
    });
  const text = res.body as string;
  const [header, ...rows] = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
  return { res, text, header, records: rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]]))) };
}

describe("spaces and rent roll CSV files", () => {
  let tower: { id: string };
  let plaza: { id: string };
  beforeAll(async () => {
    tower = await createListing(ctx.db, { listingName: "Tower", address: "1 High St", city: "Wheeling", buildingSizeSf: 50_000 });
    plaza = await createListing(ctx.db, { listingName: "Plaza", address: "2 Low St", city: "Fairmont", buildingSizeSf: 20_000 });
    await member.post(`/api/listings/${tower.id}/spaces`).send({ suite: "200", floor: "2", sizeSf: 2_400, minDivisibleSf: 1_200, rate: 18.5, leaseType: "NNN", availableOn: "2027-03-01" }).expect(201);
    // A cell a spreadsheet would run as a formula.
    await member.post(`/api/listings/${tower.id}/spaces`).send({ suite: "=HYPERLINK(\"http://x\")", sizeSf: 900, status: "pending", description: "+1 call" }).expect(201);
    await member.post(`/api/listings/${plaza.id}/spaces`).send({ suite: "A", sizeSf: 5_000, rate: 4_500, rateUnit: "month" }).expect(201);
    await member
      .post(`/api/listings/${tower.id}/rent-roll`)
      .send({ tenant: "@Acme Dental", suite: "100", sizeSf: 3_000, leaseStart: "2022-01-01", leaseEnd: "2029-12-31", annualRent: 60_000, reimbursements: "NNN", options: "-1 x 5 yr" })
      .expect(201);
    await member.post(`/api/listings/${plaza.id}/rent-roll`).send({ tenant: "Bakery", sizeSf: 1_000, annualRent: 21_000 }).expect(201);
  });

  it("exports every listing's spaces as spaces.csv, grouped by listing, formulas neutralised", async () => {
    const { res, text, header, records } = await exportFile("/api/listings/export/spaces");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="spaces.csv"');
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(text.startsWith("\uFEFFListing ID,Listing Name,Address,City,Suite,")).toBe(true);
    expect(header).toEqual([...SPACE_CSV_COLUMNS]);
    const ofTower = records.filter((r) => r["Listing ID"] === tower.id);
    expect(ofTower[0]).toEqual({
      "Listing ID": tower.id,
      "Listing Name": "Tower",
      Address: "1 High St",
      City: "Wheeling",
      Suite: "200",
      Floor: "2",
      "Size SF": "2400",
      "Min Divisible SF": "1200",
      Rate: "18.5",
      "Rate Unit": "SF/yr",
      "Lease Type": "NNN",
      "Available Date": "2027-03-01",
      Status: "available",
      "Space Type": "",
      Description: "",
    });
    expect(ofTower[1]).toMatchObject({ Suite: "'=HYPERLINK(\"http://x\")", Status: "pending", Description: "'+1 call" });
    expect(records.find((r) => r["Listing ID"] === plaza.id)).toMatchObject({ Suite: "A", Rate: "4500", "Rate Unit": "month" });
    // A listing's rows stay together.
    const order = records.map((r) => r["Listing ID"]);
    expect(order.lastIndexOf(order[0])).toBe(order.filter((id) => id === order[0]).length - 1);
  });

  it("exports the rent roll as rent-roll.csv with the computed rent per SF", async () => {
    const { res, header, records } = await exportFile("/api/listings/export/rent-roll");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="rent-roll.csv"');
    expect(header).toEqual([...RENT_ROLL_CSV_COLUMNS]);
    expect(records.find((r) => r["Listing ID"] === tower.id)).toEqual({
      "Listing ID": tower.id,
      "Listing Name": "Tower",
      Address: "1 High St",
      City: "Wheeling",
      Tenant: "'@Acme Dental",
      Suite: "100",
      "Size SF": "3000",
      "Lease Start": "2022-01-01",
      "Lease End": "2029-12-31",
      "Annual Rent": "60000",
      "Rent per SF": "20",
      Reimbursements: "NNN",
      Options: "'-1 x 5 yr",
      Notes: "",
    });
    expect(records.find((r) => r["Listing ID"] === plaza.id)).toMatchObject({ Tenant: "Bakery", "Lease Start": "", "Rent per SF": "21" });
  });

  it("exports only the chosen listings' rows, skipping unknown ids, and logs what it wrote", async () => {
    const { records } = await exportFile("/api/listings/export/spaces", { listingIds: [plaza.id, "00000000-0000-4000-8000-000000000000"] });
    expect(records.map((r) => r.Suite)).toEqual(["A"]);
    const roll = await exportFile("/api/listings/export/rent-roll", { listingIds: [tower.id] });
    expect(roll.records.map((r) => r.Tenant)).toEqual(["'@Acme Dental"]);
    const logged = (await ctx.db.select().from(auditEvents).where(eq(auditEvents.kind, "csv.exported"))).map((e) => e.data);
    expect(logged).toEqual(
      expect.arrayContaining([
        { count: 1, scope: "selected", file: "spaces" },
        { count: 1, scope: "selected", file: "rent-roll" },
        { count: 3, scope: "all", file: "spaces" },
      ]),
    );
    // Bad input: a list that is not ids is refused.
    const bad = await member.post("/api/listings/export/spaces").send({ listingIds: "all" });
    expect(bad.status).toBe(400);
  });
});

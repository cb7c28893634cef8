// A status column gives imported listings their deal stage: the words of listing sites mapped to
// the stages, "Auction" as Active with a warning, and a status no stage fits left unset with a
// warning instead of failing the row (docs/guides/imports.md).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ImportPreviewReply } from "../../../shared/imports/wire.js";
import { imports, listings } from "../../db/tables.js";
import { createListing } from "../../test/factories.js";
import { contextWithMember, type TestClient, type TestContext } from "../../test/test-app.js";
import { csvText } from "./import-fixtures.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  ({ ctx, member } = await contextWithMember());
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.delete(imports);
  await ctx.db.delete(listings);
});

// A Crexi export's columns (its "Status" holds the market status, not the offering).
const HEADER = ["Property Name", "Address", "City", "State", "Status", "Description", "Category", "Sale Type"];
const row = (name: string, status: string) => [name, `${name.length} Main St`, "Wheeling", "WV", status, "A building.", "Single", "For Sale"];

const preview = async (content: string, extra: Record<string, unknown> = {}): Promise<ImportPreviewReply> => {
  const res = await member.post("/api/imports/preview").send({ fileName: "crexi.csv", encoding: "text", content, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const commit = async (id: string) => {
  const res = await member.post(`/api/imports/${id}/commit`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const stages = async () =>
  Object.fromEntries(
    (await ctx.db.select({ name: listings.listingName, stage: listings.dealStage }).from(listings).orderBy(sql`${listings.listingName}`)).map((r) => [r.name, r.stage]),
  );

describe("a status column maps to the deal stage", { timeout: TIMEOUT.slow }, () => {
  it("reads Crexi's statuses as stages, Auction as Active with a warning, and imports them", async () => {
    const file = csvText(HEADER, [
      row("Bay Plaza", "Active"),
      row("Cove Center", "Auction"),
      row("Dune Depot", "Under Contract"),
      row("Elm Court", "Pending"),
      row("Fir Hall", "Sold"),
      row("Gulf Lofts", "Leased"),
      row("Harbor Row", "Closed"),
      row("Isle Park", "Off Market"),
      row("Jetty Works", "Withdrawn"),
      row("Kelp Yard", "Expired"),
      row("Lagoon Inn", "auction"),
    ]);
    const p = await preview(file);
    expect(p.mapping[4]).toBe("dealStage");
    expect(p.valueMaps.dealStage).toEqual({
      Active: "Active",
      Auction: "Active",
      auction: "Active",
      Closed: "Closed",
      Expired: "Expired",
      Leased: "Closed",
      "Off Market": "Withdrawn",
      Pending: "Under Contract",
      Sold: "Closed",
      "Under Contract": "Under Contract",
      Withdrawn: "Withdrawn",
    });
    expect(p.warnings).toEqual([
      'Deal Stage "auction", "Auction" is imported as Active (2 rows): Listing Desk has no auction stage, so each listing\'s notes keep the file\'s word.',
    ]);
    expect(p.summary).toMatchObject({ create: 11, fail: 0 });

    await commit(p.id);
    expect(await stages()).toEqual({
      "Bay Plaza": "Active",
      "Cove Center": "Active",
      "Dune Depot": "Under Contract",
      "Elm Court": "Under Contract",
      "Fir Hall": "Closed",
      "Gulf Lofts": "Closed",
      "Harbor Row": "Closed",
      "Isle Park": "Withdrawn",
      "Jetty Works": "Withdrawn",
      "Kelp Yard": "Expired",
      "Lagoon Inn": "Active",
    });
    // The notes keep what the stage cannot say; other listings get no note.
    const notes = Object.fromEntries((await ctx.db.select({ name: listings.listingName, notes: listings.notes }).from(listings)).map((r) => [r.name, r.notes]));
    expect(notes["Cove Center"]).toBe("Deal Stage in the file: Auction");
    expect(notes["Lagoon Inn"]).toBe("Deal Stage in the file: auction");
    expect(notes["Bay Plaza"]).toBeNull();
  });

  it("leaves a status no stage fits unset, with a warning, instead of failing the row", async () => {
    const file = csvText(HEADER, [row("Bay Plaza", "Coming Soon"), row("Cove Center", "Coming Soon"), row("Dune Depot", "Sold")]);
    const p = await preview(file, {
      mapping: ["listingName", "address", "city", "state", "dealStage", "propertyDescription", "marketingCategory", "offeringType"],
    });
    expect(p.valueMaps.dealStage).toEqual({ "Coming Soon": null, Sold: "Closed" });
    expect(p.warnings).toEqual([
      '2 rows have a Deal Stage that is none of the allowed values ("Coming Soon"): they are imported without one. Choose a value for each to set it.',
    ]);
    expect(p.summary).toMatchObject({ create: 3, fail: 0 });
    const rows = (await member.get(`/api/imports/${p.id}/rows`).query({ limit: 10 })).body.rows;
    expect(rows.every((r: { errors?: unknown }) => r.errors === undefined)).toBe(true);

    await commit(p.id);
    expect(await stages()).toEqual({ "Bay Plaza": null, "Cove Center": null, "Dune Depot": "Closed" });
  });

  it("keeps an updated listing's stage when its file status fits none, and sets it when the person maps the value", async () => {
    const kept = await createListing(ctx.db, { listingName: "Bay Plaza", address: "9 Main St", city: "Wheeling", state: "WV", dealStage: "Proposal" });
    const file = csvText(HEADER, [[kept.listingName, kept.address, "Wheeling", "WV", "Coming Soon", "A building.", "Single", "For Sale"]]);
    const changesOf = async (id: string) => (await member.get(`/api/imports/${id}/rows`).query({ limit: 10 })).body.rows[0].changes ?? {};
    const unmapped = await preview(file);
    expect(unmapped.summary).toMatchObject({ fail: 0 });
    expect(await changesOf(unmapped.id)).not.toHaveProperty("dealStage");

    const mapped = await preview(file, { valueMaps: { dealStage: { "Coming Soon": "Active" } } });
    expect(mapped.warnings).toEqual([]);
    expect(await changesOf(mapped.id)).toMatchObject({ dealStage: ["Proposal", "Active"] });
    await commit(unmapped.id);
    expect(await stages()).toEqual({ "Bay Plaza": "Proposal" });
  });
});

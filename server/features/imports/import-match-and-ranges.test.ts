// The wizard's defaults on the real exports' shapes (import-fixtures.ts: the LoopNet scrape, the
// LoopNet saved search, the Crexi list): the match rule the mapping suggests, name-and-address
// matching that knows the city, price ranges stored as their lower bound with a warning and the
// range kept in the notes, the preview's columns, and values the app can map
// (docs/decisions/375, docs/guides/imports.md).
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultMatchBy } from "../../../shared/imports/targets.js";
import type { ImportPreviewReply, ImportRowDto } from "../../../shared/imports/wire.js";
import { importMappings, imports, listings } from "../../db/tables.js";
import { createListing } from "../../test/factories.js";
import { contextWithMember, type TestClient, type TestContext } from "../../test/test-app.js";
import { crexiList, csvText, LOOPNET_SEARCH_ROWS, loopnetScrape, loopnetSearch } from "./import-fixtures.js";
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
  // A committed file's mapping is proposed for the next file with its columns: each test starts without one.
  await ctx.db.delete(importMappings);
});

const preview = async (body: Record<string, unknown>): Promise<ImportPreviewReply> => {
  const res = await member.post("/api/imports/preview").send({ fileName: "file.csv", encoding: "text", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
/** A listing import's rows: each has its listing. */
const rowsOf = async (id: string): Promise<(ImportRowDto & Required<Pick<ImportRowDto, "listing">>)[]> => (await member.get(`/api/imports/${id}/rows`).query({ limit: 500 })).body.rows;
const commit = async (id: string) => {
  const res = await member.post(`/api/imports/${id}/commit`).send({});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const category = { marketingCategory: "Single" };

const scrapeRows = [
  { link: "https://www.loopnet.com/Listing/1-High-St-Morgantown-WV/1/", address: "1 High St", price: "$650,000" },
  { link: "https://www.loopnet.com/Listing/1-High-St-Morgantown-WV/2/", address: "1 High St", price: "$700,000" },
];
// Crexi list rows (title, full address, price, SF, type, sale type, details) in the team's state.
const crexiRow = (title: string, address: string, price: string) => [title, address, price, "12,000 SF", "Retail", "For Sale", "A corner retail plaza."];

describe("the match rule defaults to the strongest key the mapping has", { timeout: TIMEOUT.slow }, () => {
  it("a LoopNet link in every row: match by link (the scrape and the saved search)", async () => {
    const scrape = await preview({ content: loopnetScrape(scrapeRows), defaults: category });
    expect([scrape.mapping[8], scrape.matchBy, scrape.suggestedMatchBy]).toEqual(["looplinkLink", "link", "link"]);
    // Two suites at one address are two listings: by link they are not flagged as one.
    expect(scrape.duplicateRows).toBe(0);
    const search = await preview({ content: loopnetSearch() });
    expect([search.mapping[5], search.matchBy]).toEqual(["looplinkLink", "link"]);
  });

  it("a link column blank in some row, or no link: address with city (the Crexi list)", async () => {
    const gap = await preview({ content: loopnetScrape([...scrapeRows, { link: "", address: "9 Oak St", price: "$1" }]), defaults: category });
    expect(gap.matchBy).toBe("address");
    const search = await preview({ content: loopnetSearch([...LOOPNET_SEARCH_ROWS, ["31234572", "9 Oak St, Mobile, AL", "Retail", "$1", "", "", ""]]) });
    expect(search.matchBy).toBe("address");
    const crexi = await preview({ content: crexiList() });
    expect([crexi.mapping[1], crexi.matchBy, crexi.suggestedMatchBy]).toEqual(["fullAddress", "address", "address"]);
  });

  it("follows the person's own mapping, and keeps a rule the person chose", async () => {
    const scrape = await preview({ content: loopnetScrape(scrapeRows), defaults: category });
    const noLink = scrape.mapping.map((f) => (f === "looplinkLink" ? null : f));
    expect((await preview({ content: loopnetScrape(scrapeRows), defaults: category, mapping: noLink })).matchBy).toBe("address");
    const chosen = await preview({ content: loopnetScrape(scrapeRows), defaults: category, matchBy: "nameAddress" });
    expect([chosen.matchBy, chosen.suggestedMatchBy]).toEqual(["nameAddress", "link"]);
  });

  it("name, address and city when address or city come from no column", () => {
    const filled = [3, 3, 3];
    expect(defaultMatchBy({ mapping: ["listingName", "address", "city"], cityStateFrom: null, filled, rows: 3 })).toBe("address");
    expect(defaultMatchBy({ mapping: ["listingName", "address", null], cityStateFrom: 2, filled, rows: 3 })).toBe("address");
    expect(defaultMatchBy({ mapping: ["listingName", "address", null], cityStateFrom: null, filled, rows: 3 })).toBe("nameAddress");
    expect(defaultMatchBy({ mapping: ["listingName", "fullAddress", "marketingFlyerLink"], cityStateFrom: null, filled, rows: 3 })).toBe("link");
    expect(defaultMatchBy({ mapping: ["listingName", "fullAddress", "looplinkLink"], cityStateFrom: null, filled: [3, 3, 2], rows: 3 })).toBe("address");
    expect(defaultMatchBy({ mapping: ["listingName", "fullAddress", "looplinkLink"], cityStateFrom: null, filled: [0, 0, 0], rows: 0 })).toBe("address");
  });
});

describe("name-and-address matching includes the city", { timeout: TIMEOUT.slow }, () => {
  it("two towns' James Burr Blvd are two listings, by name and address or by address", async () => {
    const kearneysville = await createListing(ctx.db, {
      listingName: "Burr Plaza",
      address: "100 James Burr Blvd",
      city: "Kearneysville",
      state: "WV",
      offeringType: "Sell",
      marketingCategory: "Single",
      propertyDescription: "A corner retail plaza.",
    });
    const file = crexiList([
      crexiRow("Burr Plaza", "100 James Burr Blvd, Charles Town, WV", "$650,000"),
      crexiRow("Burr Plaza", "100 James Burr Blvd, KEARNEYSVILLE, WV", "$650,000"),
    ]);
    for (const matchBy of ["nameAddress", "address"]) {
      const p = await preview({ content: file, defaults: category, matchBy });
      expect([matchBy, p.duplicateRows, p.summary.create, p.summary.update]).toEqual([matchBy, 0, 1, 1]);
      const rows = await rowsOf(p.id);
      expect(rows.map((r) => [r.action, r.listing.city])).toEqual([
        ["create", "Charles Town"],
        ["update", "KEARNEYSVILLE"],
      ]);
    }
    const p = await preview({ content: file, defaults: category, matchBy: "nameAddress" });
    await commit(p.id);
    const stored = await ctx.db.select().from(listings).orderBy(listings.city);
    expect(stored.map((l) => [l.city, l.askingPrice, l.id === kearneysville.id])).toEqual([
      ["Charles Town", 650000, false],
      ["KEARNEYSVILLE", 650000, true],
    ]);
  });
});

describe("a price range is stored as its lower bound, with a warning, and kept in the notes", { timeout: TIMEOUT.slow }, () => {
  const file = crexiList([
    crexiRow("Dauphin Plaza", "54 Main St, Wheeling, WV 26003", "$489,000 - $699,000"),
    crexiRow("Bay Corner", "100 Water St, Wheeling, WV", "$489K–$699K"),
    crexiRow("Harbor Office", "7 High St, Morgantown, WV", "489,000 to 699,000"),
    crexiRow("Single Price", "9 Oak St, Morgantown, WV", "$650,000"),
  ]);
  const note = "Asking Price in the file: $489,000 – $699,000";

  it("warns on each ranged row, shows the stored price, and writes the range into the notes", async () => {
    const p = await preview({ content: file, defaults: category });
    expect(p.summary).toMatchObject({ create: 4, fail: 0 });
    expect(p.warnings).toEqual([
      '3 rows hold a range (like "$489,000 - $699,000"): each stores its lower bound, and the listing\'s notes keep the range. The rows say which.',
    ]);
    const rows = await rowsOf(p.id);
    const warning = [{ field: "askingPrice", message: "range $489,000 – $699,000: stored as $489,000" }];
    expect(rows.map((r) => r.warnings)).toEqual([warning, warning, warning, undefined]);
    expect(rows.map((r) => r.listing.price)).toEqual(["$489,000", "$489,000", "$489,000", "$650,000"]);
    await commit(p.id);
    const stored = await ctx.db.select().from(listings).orderBy(listings.listingName);
    expect(stored.map((l) => [l.listingName, l.askingPrice, l.notes])).toEqual([
      ["Bay Corner", 489000, note],
      ["Dauphin Plaza", 489000, note],
      ["Harbor Office", 489000, note],
      ["Single Price", 650000, null],
    ]);
    // The same file again changes nothing: the notes hold the range already.
    const again = await preview({ content: file, defaults: category });
    expect(again.summary).toMatchObject({ unchanged: 4, update: 0 });
  });

  it("adds the range to an updated listing's own notes, leaves other listings' notes alone, and undo puts them back", async () => {
    const ranged = await createListing(ctx.db, { listingName: "Dauphin Plaza", address: "54 Main St", city: "Wheeling", state: "WV", notes: "Owner will carry." });
    const single = await createListing(ctx.db, { listingName: "Single Price", address: "9 Oak St", city: "Morgantown", state: "WV", notes: "Keys at the desk." });
    const p = await preview({ content: file, defaults: category });
    expect(p.summary).toMatchObject({ create: 2, update: 2 });
    const rows = await rowsOf(p.id);
    expect(rows[0].changes?.notes).toEqual(["Owner will carry.", `Owner will carry.\n${note}`]);
    expect(rows[3].changes).not.toHaveProperty("notes");
    await commit(p.id);
    const notesOf = async (id: string) => (await ctx.db.select({ notes: listings.notes }).from(listings).where(eq(listings.id, id)))[0].notes;
    expect(await notesOf(ranged.id)).toBe(`Owner will carry.\n${note}`);
    expect(await notesOf(single.id)).toBe("Keys at the desk.");
    await member.post(`/api/imports/${p.id}/undo`).send({}).expect(200);
    expect(await notesOf(ranged.id)).toBe("Owner will carry.");
  });

  it("adds the range to the file's own notes column", async () => {
    const header = ["Title", "Full Address", "Asking Price", "Sale Type", "Details", "Comments"];
    const p = await preview({
      content: csvText(header, [["Dauphin Plaza", "54 Main St, Wheeling, WV", "$489,000 - $699,000", "For Sale", "A plaza.", "Corner lot."]]),
      defaults: category,
    });
    expect(p.mapping[5]).toBe("notes");
    await commit(p.id);
    expect((await ctx.db.select().from(listings))[0].notes).toBe(`Corner lot.\n${note}`);
  });
});

describe("the preview shows price, size, property type and deal stage", { timeout: TIMEOUT.slow }, () => {
  it("as the listing pages print them, and the file's text on a failed row", async () => {
    const p = await preview({ content: crexiList() });
    const rows = await rowsOf(p.id);
    // Every row fails (no Marketing Category; the first's state is not the team's): the one whose
    // values do not read shows the file's text, the others their values.
    expect(rows.map((r) => [r.action, r.listing.price, r.listing.size, r.listing.propertyType])).toEqual([
      ["fail", "$489,000", "12,000 SF", "Retail"],
      ["fail", "", "", "Land"],
      ["fail", "", "8,000 SF", "Office"],
    ]);
    const ok = await preview({ content: loopnetSearch(), valueMaps: { state: { AL: "WV" } }, defaults: { offeringType: "Sell", propertyDescription: "Listed on LoopNet.", ...category } });
    expect((await rowsOf(ok.id)).map((r) => [r.action, r.listing.price, r.listing.size, r.listing.propertyType, r.listing.dealStage])).toEqual([
      ["create", "$650,000", "4,200 SF", "Retail", ""],
      ["create", "$1,200,000", "", "Land", ""],
      // A lease rate in the Price column is no asking price: the row fails, showing the file's text.
      ["fail", "$22.50 /SF/yr", "65,000 SF", "Office", ""],
      ["create", "", "", "Land", ""],
      ["create", "$2,400,000", "30,000 SF", "Industrial", ""],
    ]);
  });
});

describe("values the app can map are suggested", { timeout: TIMEOUT.slow }, () => {
  it("Crexi's Auction as Active with a note, its activation date as the listing date", async () => {
    const header = ["Property Name", "Address", "City", "State", "Status", "Activation Date", "Description", "Category", "Sale Type"];
    const file = csvText(header, [
      ["Cove Center", "5 Main St", "Wheeling", "WV", "Auction", "3/15/2026", "A building.", "Single", "For Sale"],
      ["Bay Plaza", "9 Main St", "Wheeling", "WV", "Active", "2026-04-01", "A building.", "Single", "For Sale"],
    ]);
    const p = await preview({ content: file });
    expect([p.mapping[4], p.mapping[5]]).toEqual(["dealStage", "listingDate"]);
    expect(p.valueMaps.dealStage).toEqual({ Active: "Active", Auction: "Active" });
    expect(p.valueNotes).toEqual({
      dealStage: { Auction: { value: "Active", note: "Listing Desk has no auction stage: imported as Active, and the listing's notes keep the file's word." } },
    });
    const rows = await rowsOf(p.id);
    expect(rows.map((r) => r.listing.dealStage)).toEqual(["Active", "Active"]);
    await commit(p.id);
    const stored = await ctx.db.select().from(listings).orderBy(sql`${listings.listingName}`);
    expect(stored.map((l) => [l.listingName, l.dealStage, l.listingDate, l.notes])).toEqual([
      ["Bay Plaza", "Active", "2026-04-01", null],
      ["Cove Center", "Active", "2026-03-15", "Deal Stage in the file: Auction"],
    ]);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UNASSIGNED } from "@shared/constants";
import { DEAL_STAGES, PROPERTY_TYPES } from "@shared/listing-fact-choices";
import type { MapArea } from "@shared/map-area";
import { MARKETING_CATEGORIES, OFFERING_TYPES } from "@shared/schema";
import { TABLE_COLUMNS } from "@shared/table-columns";
import { ALL, DEFAULT_SORT, NO_FILTERS, type ListingFilters } from "./listing-filters";
import { SORT_CHOICES } from "./sort-choices";
import { listingViewKey, nextListingAddress, readListingView, writeListingView, type ListingView } from "./listing-view-url";

const choice = <T extends string>(values: readonly T[]) => fc.constantFrom<typeof ALL | T>(ALL, ...values);
const bound = fc.option(fc.oneof(fc.integer({ min: 0, max: 1e9 }), fc.double({ min: 0, max: 1e12, noNaN: true })), { nil: null });
// Degrees as the address writes them (six decimals), south ≤ north and west ≤ east.
const degrees = (max: number) => fc.integer({ min: -max * 1e6, max: max * 1e6 }).map((n) => n / 1e6);
const ordered = (max: number) => fc.tuple(degrees(max), degrees(max)).map(([a, b]) => [Math.min(a, b), Math.max(a, b)]);
const area: fc.Arbitrary<MapArea> = fc
  .record({
    located: fc.constantFrom(null, "yes" as const, "no" as const),
    bounds: fc.option(
      fc.tuple(ordered(90), ordered(180)).map(([[south, north], [west, east]]) => ({ south, west, north, east })),
      { nil: null },
    ),
    near: fc.option(fc.record({ zip: fc.stringMatching(/^\d{5}$/), miles: fc.double({ min: 0.1, max: 500, noNaN: true }) }), { nil: null }),
  })
  .map(({ located, bounds, near }) => ({ located, bounds, near: near?.zip ?? null, radiusMiles: near?.miles ?? null }));
const filters: fc.Arbitrary<ListingFilters> = fc.record({
  category: choice(MARKETING_CATEGORIES),
  offeringType: choice(OFFERING_TYPES),
  agent: fc.oneof(fc.constant(ALL), fc.constant(UNASSIGNED), fc.string({ minLength: 1 })),
  starredOnly: fc.boolean(),
  withNotes: fc.boolean(),
  propertyType: choice(PROPERTY_TYPES),
  dealStage: choice(DEAL_STAGES),
  priceMin: bound,
  priceMax: bound,
  sizeMin: bound,
  sizeMax: bound,
  expiringSoon: fc.boolean(),
  area,
});
const view: fc.Arbitrary<ListingView> = fc.record({
  search: fc.string(),
  filters,
  sort: fc.constantFrom(...SORT_CHOICES.map((c) => c.sort)),
  columns: fc.option(fc.uniqueArray(fc.constantFrom(...TABLE_COLUMNS)), { nil: null }),
});
const DEFAULT_VIEW: ListingView = { search: "", filters: NO_FILTERS, sort: DEFAULT_SORT, columns: null };

describe("the listing view in the address", () => {
  it("reads back every view it writes", () => {
    fc.assert(
      fc.property(view, (v) => {
        expect(readListingView(writeListingView(v, new URLSearchParams()).toString())).toEqual(v);
      }),
    );
  });

  it("keeps the address's other parameters (listingId, noteId) as they were", () => {
    fc.assert(
      fc.property(view, fc.uuid(), fc.integer({ min: 1 }), (v, listingId, noteId) => {
        const written = writeListingView(v, new URLSearchParams({ listingId, noteId: String(noteId) }));
        expect(written.get("listingId")).toBe(listingId);
        expect(written.get("noteId")).toBe(String(noteId));
      }),
    );
  });

  it("writes the default view as an empty address, and leaves each default out", () => {
    expect(writeListingView(DEFAULT_VIEW, new URLSearchParams()).toString()).toBe("");
    const one = writeListingView({ ...DEFAULT_VIEW, filters: { ...NO_FILTERS, propertyType: "Retail" } }, new URLSearchParams());
    expect(one.toString()).toBe("type=Retail");
    expect(listingViewKey(NO_FILTERS, { key: "price", direction: "asc" })).toBe("sort=price-asc");
  });

  it("reads unknown, malformed or negative values as not set", () => {
    expect(readListingView("?category=Bunt&offering=Rent&type=Castle&stage=Dreaming&sort=sideways&minPrice=abc&maxSize=-5&starred=yes&x=1")).toEqual(
      DEFAULT_VIEW,
    );
    expect(readListingView("?agent=")).toEqual(DEFAULT_VIEW);
    expect(readListingView("?minPrice=%20")).toEqual(DEFAULT_VIEW);
  });

  it("reads the table's columns leniently: unknown names and repeats left out, '' the name alone", () => {
    expect(readListingView("?cols=capRate,price").columns).toEqual(["capRate", "price"]);
    expect(readListingView("?cols=price,bogus,price,stage").columns).toEqual(["price", "stage"]);
    expect(readListingView("?cols=").columns).toEqual([]);
    expect(writeListingView({ ...DEFAULT_VIEW, columns: [] }, new URLSearchParams()).toString()).toBe("cols=");
    expect(writeListingView({ ...DEFAULT_VIEW, columns: ["stage", "updated"] }, new URLSearchParams()).toString()).toBe("cols=stage%2Cupdated");
  });

  it("reads the first of a repeated parameter, and writes each once", () => {
    const read = readListingView("?type=Retail&type=Office&q=diner&q=cafe");
    expect(read.filters.propertyType).toBe("Retail");
    expect(read.search).toBe("diner");
    const written = writeListingView(read, new URLSearchParams("type=Office&type=Office"));
    expect(written.getAll("type")).toEqual(["Retail"]);
  });
});

describe("nextListingAddress", () => {
  const at = (pathname: string, search = "") => ({ pathname, search });

  it("answers null when the address already shows the view, or the person left the page", () => {
    expect(nextListingAddress(DEFAULT_VIEW, "/", at("/"))).toBeNull();
    expect(nextListingAddress({ ...DEFAULT_VIEW, search: "diner" }, "/", at("/settings"))).toBeNull();
    expect(nextListingAddress({ ...DEFAULT_VIEW, search: "diner" }, "/", at("/", "?q=diner"))).toBeNull();
  });

  it("writes the view onto the page's path, keeping other parameters, and drops the '?' when nothing is left", () => {
    expect(nextListingAddress({ ...DEFAULT_VIEW, search: "diner" }, "/inactive", at("/inactive", "?listingId=7"))).toBe("/inactive?listingId=7&q=diner");
    expect(nextListingAddress(DEFAULT_VIEW, "/", at("/", "?q=diner"))).toBe("/");
  });
});

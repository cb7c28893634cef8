import { describe, expect, it } from "vitest";
import { DEAL_STAGES, PROPERTY_TYPES } from "./listing-fact-choices.js";
import { listingViewQueryError, LISTING_VIEW_PARAMS } from "./listing-view-query.js";
import { TABLE_COLUMNS } from "./table-columns.js";

describe("listingViewQueryError", () => {
  it("accepts every parameter the lists write, with a leading ? or without, and the empty query", () => {
    const query = `q=diner&agent=unassigned&category=Single&offering=Lease&type=${encodeURIComponent(PROPERTY_TYPES[0])}&stage=${encodeURIComponent(DEAL_STAGES[0])}&starred=1&notes=1&expiring=1&minPrice=0&maxPrice=1.5e6&minSize=10&maxSize=20&located=yes&bounds=30.1,-88.5,31,-87.9&near=36602&radius=12.5&sort=capRate-desc&view=map&cols=price,capRate,updated`;
    expect(new Set(new URLSearchParams(query).keys())).toEqual(new Set(Object.keys(LISTING_VIEW_PARAMS)));
    expect(listingViewQueryError(query)).toBeNull();
    expect(listingViewQueryError(`?${query}`)).toBeNull();
    expect(listingViewQueryError("")).toBeNull();
  });

  it("names an unknown parameter, a repeated one and a refused value", () => {
    expect(listingViewQueryError("toString=1")).toBe('Unknown view parameter "toString"');
    expect(listingViewQueryError("sort=name-asc&sort=name-desc")).toBe('The view parameter "sort" is given twice');
    expect(listingViewQueryError("maxSize=")).toBe('The view parameter "maxSize" must be a number of 0 or more');
    expect(listingViewQueryError(`q=${"x".repeat(201)}`)).toBe('The view parameter "q" must be a search of at most 200 characters');
    expect(listingViewQueryError("agent=0")).toBe('The view parameter "agent" must be an agent id, "mine" or "unassigned"');
    expect(listingViewQueryError("agent=mine")).toBeNull();
    expect(listingViewQueryError("agent=3f2b8c1e-9a7d-4e21-b6f0-0c1d2e3f4a5b")).toBeNull();
    expect(listingViewQueryError("view=globe")).toBe('The view parameter "view" must be one of grid, list, map');
  });

  it("checks the map's area: a rectangle in range and in order, a five-digit ZIP, a radius in miles, located yes or no", () => {
    expect(listingViewQueryError("bounds=31,-88,30,-87")).toMatch(/^The view parameter "bounds" must be south,west,north,east/);
    expect(listingViewQueryError("bounds=30,-88,31")).toMatch(/"bounds"/);
    expect(listingViewQueryError("bounds=30,-188,31,-87")).toMatch(/"bounds"/);
    expect(listingViewQueryError("near=3660")).toBe('The view parameter "near" must be a five-digit ZIP code');
    expect(listingViewQueryError("radius=0")).toBe('The view parameter "radius" must be a number of miles above 0 and at most 500');
    expect(listingViewQueryError("radius=501")).toMatch(/"radius"/);
    expect(listingViewQueryError("located=maybe")).toBe('The view parameter "located" must be one of yes, no');
  });

  it("takes the table's columns exactly: known ones, each once, or none (the name alone)", () => {
    expect(listingViewQueryError("cols=")).toBeNull();
    expect(listingViewQueryError(`cols=${TABLE_COLUMNS.join(",")}`)).toBeNull();
    const refusal = `The view parameter "cols" must be columns from ${TABLE_COLUMNS.join(", ")}, separated by commas, each once`;
    expect(listingViewQueryError("cols=price,price")).toBe(refusal);
    expect(listingViewQueryError("cols=price,bogus")).toBe(refusal);
    expect(listingViewQueryError("cols=price,")).toBe(refusal);
    expect(listingViewQueryError("cols=name")).toBe(refusal);
  });

  it("sorts by every table column either way", () => {
    for (const column of TABLE_COLUMNS) {
      expect(listingViewQueryError(`sort=${column}-asc`)).toBeNull();
      expect(listingViewQueryError(`sort=${column}-desc`)).toBeNull();
    }
    expect(listingViewQueryError("sort=capRate-up")).toMatch(/^The view parameter "sort" must be one of /);
  });
});

import { describe, expect, it } from "vitest";
import { UNASSIGNED } from "@shared/constants";
import { listingItem } from "@/test/listing-fixtures";
import {
  activeFilterCount,
  compareListings,
  compareValues,
  listingComparator,
  matchPositions,
  NO_FILTERS,
  normaliseSearch,
  plainNameKey,
  pricePerSf,
  SearchIndex,
  sortListings,
  type ListingFilters,
} from "./listing-filters";
import { NarrowingSearch } from "./narrowing-search";
import { SORT_CHOICES } from "./sort-choices";

const names = (list: readonly { listingName: string }[]) => list.map((l) => l.listingName);

describe("sorting (spec §2: starred first, then newest, then id)", () => {
  it("puts starred listings first, newest first within each group", () => {
    const old = listingItem({ listingName: "old", createdAt: "2026-01-01T00:00:00.000Z" });
    const recent = listingItem({ listingName: "recent", createdAt: "2026-03-01T00:00:00.000Z" });
    const starredOld = listingItem({ listingName: "starred old", isStarred: true, createdAt: "2025-01-01T00:00:00.000Z" });
    expect(names(sortListings([old, recent, starredOld]))).toEqual(["starred old", "recent", "old"]);
  });

  it("breaks a tie in time by id, highest first, so rows created together keep one order", () => {
    const at = "2026-02-02T10:00:00.000Z";
    const a = listingItem({ id: "a", listingName: "a", createdAt: at });
    const b = listingItem({ id: "b", listingName: "b", createdAt: at });
    expect(names(sortListings([a, b]))).toEqual(["b", "a"]);
    expect(compareListings(a, a)).toBe(0);
  });

  it("returns a sorted copy and leaves the input alone", () => {
    const input = [listingItem({ createdAt: "2026-01-01T00:00:00.000Z" }), listingItem({ createdAt: "2026-02-01T00:00:00.000Z" })];
    const before = [...input];
    sortListings(input);
    expect(input).toEqual(before);
  });
});

describe("filters", () => {
  it("counts the filters that differ from showing everything", () => {
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...NO_FILTERS, category: "Triple", starredOnly: true, agent: UNASSIGNED })).toBe(3);
  });

  const listings = [
    listingItem({ listingName: "triple lease", marketingCategory: "Triple", offeringType: "Lease", agentId: "agent-1" }),
    listingItem({ listingName: "double sell starred", marketingCategory: "Double", isStarred: true }),
    listingItem({ listingName: "double with notes", marketingCategory: "Double", noteCount: 2, agentId: "agent-2" }),
  ];
  const index = new SearchIndex(listings);
  const shown = (filters: Partial<ListingFilters>, needle = "") =>
    matchPositions(index, needle, { ...NO_FILTERS, ...filters }).map((i) => listings[i].listingName);

  it("keeps the listings that match every chosen filter", () => {
    expect(shown({ category: "Double" })).toEqual(["double sell starred", "double with notes"]);
    expect(shown({ offeringType: "Lease" })).toEqual(["triple lease"]);
    expect(shown({ starredOnly: true })).toEqual(["double sell starred"]);
    expect(shown({ withNotes: true })).toEqual(["double with notes"]);
    expect(shown({ category: "Double", withNotes: true })).toEqual(["double with notes"]);
  });

  it("filters by agent, and Unassigned means no agent", () => {
    expect(shown({ agent: "agent-2" })).toEqual(["double with notes"]);
    expect(shown({ agent: UNASSIGNED })).toEqual(["double sell starred"]);
  });

  it("matches a size filter by the listing's size or by any one of its available spaces", () => {
    const summary = { count: 2, minSf: 1000, maxSf: 10_000, minRate: 15, maxRate: 20, rateUnit: "SF/yr" as const, leaseTypes: [], sizesSf: [1000, 10_000], sizeText: "1,000–10,000 SF available", rateText: "$15.00–$20.00/SF/yr" };
    const spaced = [listingItem({ listingName: "building", buildingSizeSf: 40_000, spacesSummary: summary }), listingItem({ listingName: "small", buildingSizeSf: 3000 })];
    const spacedIndex = new SearchIndex(spaced);
    const sized = (sizeMin: number | null, sizeMax: number | null) => matchPositions(spacedIndex, "", { ...NO_FILTERS, sizeMin, sizeMax }).map((i) => spaced[i].listingName);
    expect(sized(900, 1500)).toEqual(["building"]);
    expect(sized(2000, 5000)).toEqual(["small"]);
    expect(sized(35_000, null)).toEqual(["building"]);
    expect(sortListings(spaced, { key: "leaseRate", direction: "asc" }).map((l) => l.listingName)).toEqual(["building", "small"]);
  });
});

describe("search", () => {
  const listings = [
    listingItem({ listingName: "Harbor Point", city: "Erie", state: "PA" }),
    listingItem({ listingName: "Main Street Deli", state: "OH", propertyDescription: "A corner restaurant with a patio" }),
    listingItem({ listingName: "Hilltop Office", state: "WV" }),
  ];
  const index = new SearchIndex(listings);
  const found = (search: string) => matchPositions(index, normaliseSearch(search), NO_FILTERS).map((i) => listings[i].listingName);

  it("matches name, address, city, state code and name, and description, ignoring case and outer spaces", () => {
    expect(found("  HARBOR ")).toEqual(["Harbor Point"]);
    expect(found("erie")).toEqual(["Harbor Point"]);
    expect(found("pennsylvania")).toEqual(["Harbor Point"]);
    expect(found("west virginia")).toEqual(["Hilltop Office"]);
    expect(found("patio")).toEqual(["Main Street Deli"]);
    expect(found("no such words")).toEqual([]);
  });

  it("narrows the previous matches while typing on, with the same answer as a fresh search", () => {
    const many = Array.from({ length: 50 }, (_, i) => listingItem({ listingName: `Unit ${i} ${i % 2 ? "north" : "south"}` }));
    const manyIndex = new SearchIndex(many);
    const search = new NarrowingSearch();
    for (const typed of ["n", "no", "nor", "nort", "north", "north ", "north x"]) {
      const fresh = matchPositions(manyIndex, normaliseSearch(typed), NO_FILTERS).map((i) => many[i]);
      expect(search.match(manyIndex, typed, NO_FILTERS)).toEqual(fresh);
    }
  });

  it("starts again when the search is not an extension of the last one, or the filters change", () => {
    const search = new NarrowingSearch();
    expect(names(search.match(index, "harbor", NO_FILTERS))).toEqual(["Harbor Point"]);
    expect(names(search.match(index, "hil", NO_FILTERS))).toEqual(["Hilltop Office"]);
    const starredOnly = { ...NO_FILTERS, starredOnly: true };
    expect(search.match(index, "hil", starredOnly)).toEqual([]);
  });

  it("gives back the list itself when nothing is searched or filtered", () => {
    expect(new NarrowingSearch().match(index, "   ", NO_FILTERS)).toBe(listings);
  });
});

describe("sorting by name", () => {
  const collator = new Intl.Collator("en-US", { sensitivity: "base", numeric: true });
  const sign = (n: number) => Math.sign(n);

  it("orders plain names by their keys exactly as the collator does", () => {
    const samples = [
      "", "a", "A", "ab", "ab c", "abc", "a b", "a1", "a 1", "a01", "a1b", "a10", "a9", "a 10", "Unit 2", "unit 10",
      "0", "00", "007 Plaza", "7 Plaza", "10 Main St", "9 Main St", "Main St", "main  st", "z", "Zeta 3", "zeta 03x",
      "123456789 a", "Office Park 2000", "office park 200",
    ];
    // And some generated ones, letters, digits and spaces at random.
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const alphabet = "abcXYZ0129 ";
    for (let i = 0; i < 300; i++) {
      let name = "";
      for (let j = Math.floor(random() * 8); j > 0; j--) name += alphabet[Math.floor(random() * alphabet.length)];
      samples.push(name);
    }
    const keys = samples.map(plainNameKey);
    expect(keys.filter((k) => k === null)).toEqual([]);
    const disagreements: string[] = [];
    samples.forEach((a, i) =>
      samples.forEach((b, j) => {
        const byKey = keys[i]! < keys[j]! ? -1 : keys[i]! > keys[j]! ? 1 : 0;
        if (byKey !== sign(collator.compare(a, b))) disagreements.push(`${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
      }),
    );
    expect(disagreements).toEqual([]);
  });

  it("leaves other names to the collator", () => {
    expect(plainNameKey("Café Row")).toBeNull();
    expect(plainNameKey("Smith & Sons")).toBeNull();
    expect(plainNameKey("Lot 12345678901")).toBeNull();
  });

  it("sorts starred first, then by name either way, then in the server's order", () => {
    const at = (day: number) => `2026-01-${String(day).padStart(2, "0")}T00:00:00.000Z`;
    const list = [
      listingItem({ listingName: "Unit 10", createdAt: at(1) }),
      listingItem({ listingName: "unit 9", createdAt: at(2) }),
      listingItem({ listingName: "Café", createdAt: at(3) }),
      listingItem({ listingName: "Zed", isStarred: true, createdAt: at(4) }),
      listingItem({ listingName: "cafe", createdAt: at(5) }),
      listingItem({ listingName: "Apple", createdAt: at(6) }),
    ];
    expect(names(sortListings(list, { key: "name", direction: "asc" }))).toEqual(["Zed", "Apple", "cafe", "Café", "unit 9", "Unit 10"]);
    expect(names(sortListings(list, { key: "name", direction: "desc" }))).toEqual(["Zed", "Unit 10", "unit 9", "cafe", "Café", "Apple"]);
  });
});

describe("sorting by a table column", () => {
  const at = (day: number) => `2026-01-${String(day).padStart(2, "0")}T00:00:00.000Z`;
  const list = [
    listingItem({ id: "1", listingName: "cheap big", askingPrice: 100_000, buildingSizeSf: 10_000, capRate: 7, dealStage: "Closed", agentName: "zoe", updatedAt: at(3), createdAt: at(1) }),
    listingItem({ id: "2", listingName: "dear small", askingPrice: 900_000, availableSizeSf: 1_000, capRate: 5.5, dealStage: "Proposal", agentName: "Adam", updatedAt: at(9), createdAt: at(2) }),
    listingItem({ id: "3", listingName: "no facts", agentName: null, updatedAt: at(5), createdAt: at(3) }),
    listingItem({ id: "4", listingName: "price only", askingPrice: 500_000, dealStage: "Under Contract", updatedAt: at(1), createdAt: at(4) }),
  ];
  const sorted = (key: Parameters<typeof sortListings>[1] & object) => names(sortListings(list, key));

  it("puts listings without the value last in both directions, in the server's order among themselves", () => {
    expect(sorted({ key: "capRate", direction: "asc" })).toEqual(["dear small", "cheap big", "price only", "no facts"]);
    expect(sorted({ key: "capRate", direction: "desc" })).toEqual(["cheap big", "dear small", "price only", "no facts"]);
    expect(sorted({ key: "price", direction: "desc" })).toEqual(["dear small", "price only", "cheap big", "no facts"]);
  });

  it("sorts price per SF (price over the building size, else the available size), stages in pipeline order, agents ignoring case", () => {
    expect(pricePerSf(list[0])).toBe(10);
    expect(pricePerSf(list[1])).toBe(900);
    expect(pricePerSf(list[3])).toBeNull();
    expect(sorted({ key: "pricePerSf", direction: "asc" })).toEqual(["cheap big", "dear small", "price only", "no facts"]);
    expect(sorted({ key: "stage", direction: "asc" })).toEqual(["dear small", "price only", "cheap big", "no facts"]);
    expect(sorted({ key: "agent", direction: "asc" })).toEqual(["dear small", "cheap big", "price only", "no facts"]);
    expect(sorted({ key: "availableSf", direction: "desc" })).toEqual(["dear small", "price only", "no facts", "cheap big"]);
    expect(sorted({ key: "updated", direction: "desc" })).toEqual(["dear small", "no facts", "cheap big", "price only"]);
  });

  it("keeps starred listings first whatever the column", () => {
    const starred = listingItem({ listingName: "starred", isStarred: true });
    expect(names(sortListings([...list, starred], { key: "capRate", direction: "desc" }))[0]).toBe("starred");
  });

  it("gives the same order as the comparator, for every column either way", () => {
    for (const { sort } of SORT_CHOICES) expect(sortListings(list, sort)).toEqual([...list].sort(listingComparator(sort)));
  });

  it("gives the comparator's order for a larger list with many ties, starred ones, missing values, in any order it arrives", () => {
    // A fixed pseudo-random list: few distinct values (ties everywhere), shared creation times (ties broken by id).
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) % n;
    const pick = <T,>(values: readonly T[]) => values[next(values.length)];
    const many = Array.from({ length: 400 }, (_, i) =>
      listingItem({
        id: `id-${String(next(1000)).padStart(4, "0")}-${i}`,
        listingName: pick(["Alpha", "alpha", "Beta 2", "Beta 10", "Café", "cafe", "Ω Tower"]),
        isStarred: next(5) === 0,
        createdAt: at(1 + next(6)),
        updatedAt: at(1 + next(4)),
        askingPrice: pick([null, 100_000, 250_000, 250_000]),
        buildingSizeSf: pick([null, 1_000, 2_500]),
        capRate: pick([null, 5, 6.5]),
        dealStage: pick([null, "Proposal", "Closed", "Active"]),
        agentName: pick([null, "Adam", "adam", "Zoe"]),
        marketingCategory: pick(["Single", "Double", "Grand Slam"]),
        expirationDate: pick([null, "2027-01-01", "2026-12-31"]),
      }),
    );
    const inServerOrder = [...many].sort(compareListings);
    for (const input of [many, inServerOrder, [...inServerOrder].reverse()])
      for (const { sort } of SORT_CHOICES) expect(names(sortListings(input, sort)), `${sort.key}-${sort.direction}`).toEqual(names([...input].sort(listingComparator(sort))));
    // The sorted lists are new arrays: the loaded list stays as it came.
    expect(sortListings(inServerOrder)).not.toBe(inServerOrder);
  });

  it("compares values with a missing one after any other, whichever the direction", () => {
    expect(compareValues(null, 1, 1)).toBe(1);
    expect(compareValues(null, 1, -1)).toBe(1);
    expect(compareValues(1, null, -1)).toBe(-1);
    expect(compareValues("a", "b", -1)).toBe(1);
    expect(compareValues(null, null, 1)).toBe(0);
  });
});

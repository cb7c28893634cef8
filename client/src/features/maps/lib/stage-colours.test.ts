import { describe, expect, it } from "vitest";
import { dominantStage, NO_STAGE, stageColour, STAGE_COLOURS, stageOf } from "./stage-colours";
import { clustersOf, ListingClusters } from "./clusters";

describe("marker colours", () => {
  it("give each stage its own colour, and anything else the no-stage colour", () => {
    expect(new Set(STAGE_COLOURS.map((s) => s.colour)).size).toBe(STAGE_COLOURS.length);
    expect(stageOf(null)).toBe(NO_STAGE);
    expect(stageOf("Sold to a friend")).toBe(NO_STAGE);
    expect(stageColour("Closed")).toBe(STAGE_COLOURS.find((s) => s.stage === "Closed")?.colour);
  });

  it("colour a cluster by the stage most of its listings are in, a tie going further along the board", () => {
    expect(dominantStage({ Proposal: 3, Closed: 1 })).toBe("Proposal");
    expect(dominantStage({ Proposal: 2, Closed: 2 })).toBe("Closed");
    expect(dominantStage({ [NO_STAGE]: 5, Active: 1 })).toBe(NO_STAGE);
    expect(dominantStage({})).toBe(NO_STAGE);
  });
});

describe("the clusters", () => {
  const place = (id: number, latitude: number | null, dealStage: string | null, precision = "street") => ({
    id: String(id),
    latitude,
    longitude: latitude === null ? null : -88 + id * 1e-4,
    locationPrecision: latitude === null ? null : precision,
    dealStage,
  });
  const listings = [
    ...Array.from({ length: 30 }, (_, i) => place(i, 30.69, "Active")),
    ...Array.from({ length: 10 }, (_, i) => place(100 + i, 30.69, "Closed", "zip")),
    place(200, null, "Active"),
  ];
  const clusters = new ListingClusters(listings);
  const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

  it("count the listings with and without a point", () => {
    expect([clusters.placed, clusters.unplaced]).toEqual([40, 1]);
  });

  it("gather nearby listings into one cluster carrying the count per stage, and part at the expansion zoom", () => {
    const [one, ...rest] = clusters.markers(WORLD, 4);
    expect(rest).toEqual([]);
    expect(one).toMatchObject({ kind: "cluster", count: 40, stage: "Active", stages: { Active: 30, Closed: 10 } });
    if (one.kind !== "cluster") throw new Error("a cluster");
    const zoom = clusters.expansionZoom(one.clusterId);
    expect(clusters.markers(WORLD, zoom).length).toBeGreaterThan(1);
  });

  it("show single listings at the closest zoom, a ZIP's point marked approximate", () => {
    const singles = clusters.markers(WORLD, 20).filter((m) => m.kind === "listing");
    expect(singles).toHaveLength(40);
    expect(singles.filter((m) => m.kind === "listing" && m.approximate).map((m) => m.kind === "listing" && m.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => String(100 + i)),
    );
  });
});

describe("an approximate point", () => {
  it("says which centre stands for the listing: its ZIP's or its city's; a street, rooftop or pin is exact", () => {
    const precisions = ["zip", "city", "street", "rooftop", "manual"];
    const spread = new ListingClusters(precisions.map((p, i) => ({ id: p, latitude: 39 + i, longitude: -80, locationPrecision: p, dealStage: "Active" })));
    const approximate = Object.fromEntries(spread.markers([-180, -85, 180, 85], 20).map((m) => [m.kind === "listing" ? m.id : "", m.kind === "listing" && m.approximate]));
    expect(approximate).toEqual({ zip: "zip", city: "city", street: null, rooftop: null, manual: null });
  });
});

describe("the clusters of a list", () => {
  it("are indexed once per list: the same list again reuses them, another list gets its own", () => {
    const list = [{ id: "a", latitude: 30.7, longitude: -88.1, locationPrecision: "street", dealStage: "Active" }];
    const first = clustersOf(list);
    expect(clustersOf(list)).toBe(first);
    const other = clustersOf([...list]);
    expect(other).not.toBe(first);
    expect(other.placed).toBe(1);
  });
});

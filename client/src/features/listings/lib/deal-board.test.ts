import { describe, expect, it } from "vitest";
import { listingItem } from "@/test/listing-fixtures";
import { annualRent, BOARD_STAGES, boardColumns, NO_STAGE, withMoves } from "./deal-board";
import { stepStage } from "./deal-board-dnd";

describe("annual rent of a lease (docs/decisions/294-deal-board-totals.md)", () => {
  const lease = { offeringType: "Lease" as const, availableSizeSf: 2_000, buildingSizeSf: 10_000 };

  it("multiplies a per-square-foot rate by the available size, and by 12 when the rate is monthly", () => {
    expect(annualRent({ ...lease, leaseRate: 18.5, leaseRateUnit: "per SF/yr" })).toBe(37_000);
    expect(annualRent({ ...lease, leaseRate: 2, leaseRateUnit: "per SF/mo" })).toBe(48_000);
  });

  it("takes the building's size when the available size is not known", () => {
    expect(annualRent({ ...lease, availableSizeSf: null, leaseRate: 10, leaseRateUnit: "per SF/yr" })).toBe(100_000);
  });

  it("needs no size for a rate per month or per year", () => {
    const noSize = { ...lease, availableSizeSf: null, buildingSizeSf: null };
    expect(annualRent({ ...noSize, leaseRate: 4_000, leaseRateUnit: "per month" })).toBe(48_000);
    expect(annualRent({ ...noSize, leaseRate: 50_000, leaseRateUnit: "per year" })).toBe(50_000);
  });

  it("is unknown without a size for a per-square-foot rate, without a rate or unit, or for a sale", () => {
    const noSize = { ...lease, availableSizeSf: null, buildingSizeSf: null };
    expect(annualRent({ ...noSize, leaseRate: 18, leaseRateUnit: "per SF/yr" })).toBeNull();
    expect(annualRent({ ...lease, leaseRate: null, leaseRateUnit: "per SF/yr" })).toBeNull();
    expect(annualRent({ ...lease, leaseRate: 18, leaseRateUnit: null })).toBeNull();
    expect(annualRent({ ...lease, offeringType: "Sell", leaseRate: 18, leaseRateUnit: "per SF/yr" })).toBeNull();
  });

  it("counts a listing offered for sale or lease", () => {
    expect(annualRent({ ...lease, offeringType: "Sell/Lease", leaseRate: 1_000, leaseRateUnit: "per month" })).toBe(12_000);
  });
});

describe("the board's columns", () => {
  it("has every stage, unstaged first, each with its listings in the given order and their totals", () => {
    const a = listingItem({ id: "a", dealStage: "Active", askingPrice: 1_000_000 });
    const b = listingItem({ id: "b", dealStage: "Active", askingPrice: 250_000 });
    const c = listingItem({ id: "c", dealStage: "Active", offeringType: "Lease", leaseRate: 3_000, leaseRateUnit: "per month" });
    const d = listingItem({ id: "d" });
    const columns = boardColumns([a, d, b, c]);
    expect(columns.map((col) => col.stage)).toEqual(BOARD_STAGES);
    expect(columns[0]).toMatchObject({ stage: NO_STAGE, askingTotal: 0, rentTotal: 0, rentCount: 0 });
    expect(columns[0]!.listings.map((l) => l.id)).toEqual(["d"]);
    const active = columns.find((col) => col.stage === "Active")!;
    expect(active.listings.map((l) => l.id)).toEqual(["a", "b", "c"]);
    expect(active).toMatchObject({ askingTotal: 1_250_000, rentTotal: 36_000, rentCount: 1 });
    expect(columns.find((col) => col.stage === "Closed")!.listings).toEqual([]);
  });
});

describe("a keyboard step between columns", () => {
  it("goes one stage right or left and stays at the ends", () => {
    expect(stepStage(NO_STAGE, 1)).toBe("Proposal");
    expect(stepStage("Active", -1)).toBe("Proposal");
    expect(stepStage(NO_STAGE, -1)).toBe(NO_STAGE);
    expect(stepStage("Expired", 1)).toBe("Expired");
  });
});

describe("moves not yet saved", () => {
  it("move a listing to its place in the new column and change only the two columns' totals", () => {
    const a = listingItem({ id: "a", dealStage: "Active", askingPrice: 100 });
    const b = listingItem({ id: "b", dealStage: "Proposal", askingPrice: 10 });
    const c = listingItem({ id: "c", dealStage: "Active", askingPrice: 1 });
    const shown = [a, b, c];
    const order = new Map(shown.map((l, i) => [l.id, i]));
    const columns = boardColumns(shown);
    const moved = withMoves(columns, new Map([["b", "Active"]]), order);
    const active = moved.find((col) => col.stage === "Active")!;
    expect(active.listings.map((l) => l.id)).toEqual(["a", "b", "c"]);
    expect(active.listings[1]!.dealStage).toBe("Active");
    expect(active.askingTotal).toBe(111);
    expect(moved.find((col) => col.stage === "Proposal")).toMatchObject({ listings: [], askingTotal: 0 });
    // Untouched columns are the same objects, so they do not render again.
    expect(moved.find((col) => col.stage === "Closed")).toBe(columns.find((col) => col.stage === "Closed"));
    expect(withMoves(columns, new Map(), order)).toBe(columns);
  });
});

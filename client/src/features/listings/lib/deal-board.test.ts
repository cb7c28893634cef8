import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { listingItem } from "@/test/listing-fixtures";
import { annualRent, BOARD_STAGES, boardColumns, dealStageOf, NO_STAGE, withMoves, type BoardStage } from "./deal-board";
import { stepStage } from "./deal-board-dnd";

describe("annual rent of a lease", () => {
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
    const moved = withMoves(columns, new Map([["b", "Active"]]), shown, order);
    const active = moved.find((col) => col.stage === "Active")!;
    expect(active.listings.map((l) => l.id)).toEqual(["a", "b", "c"]);
    expect(active.listings[1]!.dealStage).toBe("Active");
    expect(active.askingTotal).toBe(111);
    expect(moved.find((col) => col.stage === "Proposal")).toMatchObject({ listings: [], askingTotal: 0 });
    // Untouched columns are the same objects, so they do not render again.
    expect(moved.find((col) => col.stage === "Closed")).toBe(columns.find((col) => col.stage === "Closed"));
    expect(withMoves(columns, new Map(), shown, order)).toBe(columns);
  });
});

describe("moves not yet saved, against the columns made again from the moved list", () => {
  const stage = fc.constantFrom<BoardStage>(...BOARD_STAGES);
  const rent = fc.record({
    offeringType: fc.constantFrom("Sell" as const, "Lease" as const, "Sell/Lease" as const),
    leaseRate: fc.option(fc.double({ min: 0.5, max: 100, noNaN: true }), { nil: null }),
    leaseRateUnit: fc.constantFrom("per SF/yr" as const, "per month" as const),
    availableSizeSf: fc.option(fc.integer({ min: 100, max: 50_000 }), { nil: null }),
  });
  const listings = fc.array(
    fc.record({ stage, askingPrice: fc.option(fc.integer({ min: 0, max: 1e8 }), { nil: null }), rent }),
    { maxLength: 40 },
  ).map((facts) => facts.map((f) => listingItem({ dealStage: dealStageOf(f.stage), askingPrice: f.askingPrice, ...f.rent })));

  it("are the same columns, totals included, and columns no move touched stay the same objects", () => {
    fc.assert(
      fc.property(listings, fc.array(fc.tuple(fc.nat(), stage), { maxLength: 6 }), (shown, picks) => {
        const moves = new Map(shown.length === 0 ? [] : picks.map(([i, to]) => [shown[i % shown.length]!.id, to] as const));
        // A moved listing the filters hide meanwhile is left out.
        moves.set("filtered-out", "Closed");
        const order = new Map(shown.map((l, i) => [l.id, i]));
        const columns = boardColumns(shown);
        const moved = withMoves(columns, moves, shown, order);
        const movedList = shown.map((l) => (moves.has(l.id) ? { ...l, dealStage: dealStageOf(moves.get(l.id)!) } : l));
        const regrouped = boardColumns(movedList);
        expect(moved.map((c) => c.listings.map((l) => [l.id, l.dealStage]))).toEqual(regrouped.map((c) => c.listings.map((l) => [l.id, l.dealStage])));
        moved.forEach((column, i) => {
          expect(column.askingTotal).toBe(regrouped[i]!.askingTotal);
          expect(column.rentTotal).toBe(regrouped[i]!.rentTotal);
          expect(column.rentCount).toBe(regrouped[i]!.rentCount);
          if (column.listings.map((l) => l.id).join() === columns[i]!.listings.map((l) => l.id).join()) expect(column).toBe(columns[i]);
        });
      }),
    );
  });
});

import { describe, expect, it } from "vitest";
import { listingItem } from "@/test/listing-fixtures";
import { ariaSort, headerSort, TABLE_COLUMN_SPECS, TABLE_COLUMNS, toggleColumn } from "./table-columns";

describe("the table's headers", () => {
  it("sorts numbers and dates largest first on a first click, words from A, and reverses on the next", () => {
    const newest = { key: "newest", direction: "desc" } as const;
    expect(headerSort(newest, "price")).toEqual({ key: "price", direction: "desc" });
    expect(headerSort(newest, "updated")).toEqual({ key: "updated", direction: "desc" });
    expect(headerSort(newest, "agent")).toEqual({ key: "agent", direction: "asc" });
    expect(headerSort(newest, "name")).toEqual({ key: "name", direction: "asc" });
    expect(headerSort({ key: "price", direction: "desc" }, "price")).toEqual({ key: "price", direction: "asc" });
    expect(headerSort({ key: "price", direction: "asc" }, "price")).toEqual({ key: "price", direction: "desc" });
  });

  it("says which header sorts and which way", () => {
    expect(ariaSort({ key: "capRate", direction: "asc" }, "capRate")).toBe("ascending");
    expect(ariaSort({ key: "capRate", direction: "desc" }, "capRate")).toBe("descending");
    expect(ariaSort({ key: "capRate", direction: "desc" }, "price")).toBe("none");
  });
});

describe("the table's columns", () => {
  it("turns a column on or off, keeping the one fixed order", () => {
    expect(toggleColumn(["stage", "price"], "capRate", true)).toEqual(["price", "capRate", "stage"]);
    expect(toggleColumn(["price", "capRate"], "price", false)).toEqual(["capRate"]);
    expect(toggleColumn([], "updated", true)).toEqual(["updated"]);
  });

  it("prints each value with the app's formatters, and nothing for a missing one", () => {
    const full = listingItem({
      askingPrice: 1_650_000,
      buildingSizeSf: 20_000,
      availableSizeSf: 2_520,
      capRate: 7.5,
      leaseRate: 18.5,
      leaseRateUnit: "per SF/yr",
      leaseType: "NNN",
      dealStage: "Under Contract",
      expirationDate: "2026-03-15",
      agentName: "Dana",
      updatedAt: "2026-02-03T12:00:00.000Z",
    });
    const text = Object.fromEntries(TABLE_COLUMNS.map((c) => [c, TABLE_COLUMN_SPECS[c].text(full)]));
    expect(text).toEqual({
      price: "$1,650,000",
      pricePerSf: "$82.50",
      size: "20,000 SF",
      availableSf: "2,520 SF",
      capRate: "7.50%",
      leaseRate: "$18.50 /SF/yr NNN",
      stage: "Under Contract",
      expiration: "Mar 15, 2026",
      agent: "Dana",
      category: "Double",
      updated: "Feb 3, 2026",
    });
    const bare = listingItem({ agentName: null });
    for (const column of ["price", "pricePerSf", "size", "availableSf", "capRate", "leaseRate", "stage", "expiration"] as const) {
      expect(TABLE_COLUMN_SPECS[column].text(bare), column).toBe("");
    }
    expect(TABLE_COLUMN_SPECS.agent.text(bare)).toBe("Unassigned");
  });
});

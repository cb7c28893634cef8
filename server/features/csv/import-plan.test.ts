import { describe, expect, it } from "vitest";
import { UpsertPlanner, type PlanRow } from "./import-plan.js";

const values = (listingName: string, notes: string | null = null) =>
  ({
    listingName,
    address: "1 Main St",
    city: "Erie",
    state: "PA",
    offeringType: "Sell",
    propertyDescription: "Shop",
    marketingCategory: "Single",
    notes,
  }) as PlanRow["values"];
const ids = () => {
  let n = 0;
  return () => `new-${++n}`;
};

describe("UpsertPlanner", () => {
  it("pairs rows with existing listings of their key in order, then lets later rows win", () => {
    const planner = new UpsertPlanner(ids());
    const creates = planner.add([
      { row: 2, key: "k", existing: ["a", "b"], values: values("K1") },
      { row: 3, key: "k", existing: ["a", "b"], values: values("K2") },
      { row: 4, key: "k", existing: ["a", "b"], values: values("K3", "last") },
      { row: 5, key: "n", existing: [], values: values("N1") },
      { row: 6, key: "n", existing: [], values: values("N2", "folded") },
    ]);
    expect(planner.results.map((r) => [r.row, r.action, r.id])).toEqual([
      [2, "updated", "a"],
      [3, "updated", "b"],
      [4, "updated", "b"],
      [5, "created", "new-1"],
      [6, "updated", "new-1"],
    ]);
    // A repeat within one batch is folded into the listing it creates.
    expect(creates).toEqual([{ id: "new-1", values: values("N2", "folded"), agentId: undefined }]);
    expect(planner.pendingUpdates()).toEqual([
      { id: "a", values: values("K1"), agentId: undefined },
      { id: "b", values: values("K3", "last"), agentId: undefined },
    ]);
  });

  it("turns a repeat in a later batch into an update of the listing an earlier batch created", () => {
    const planner = new UpsertPlanner(ids());
    expect(planner.add([{ row: 2, key: "n", existing: [], values: values("First") }])).toHaveLength(1);
    // By then the created listing is in the table, so the lookup finds it.
    expect(planner.add([{ row: 3, key: "n", existing: ["new-1"], values: values("Again") }])).toEqual([]);
    expect(planner.results.map((r) => r.action)).toEqual(["created", "updated"]);
    expect(planner.pendingUpdates()).toEqual([{ id: "new-1", values: values("Again"), agentId: undefined }]);
  });
});

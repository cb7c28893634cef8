import { describe, expect, it } from "vitest";
import { selectedAmong, withAll, withNone, withSelected } from "./listing-selection";

describe("the listing selection", () => {
  it("keeps only the chosen ids that are still on the page", () => {
    expect(selectedAmong(new Set(["a", "b", "gone"]), new Set(["a", "b", "c"])).sort()).toEqual(["a", "b"]);
    expect(selectedAmong(new Set(["gone"]), new Set())).toEqual([]);
  });

  it("selects and deselects one id, returning the same set when nothing changes", () => {
    const chosen = new Set(["a"]);
    expect([...withSelected(chosen, "b", true)].sort()).toEqual(["a", "b"]);
    expect([...withSelected(chosen, "a", false)]).toEqual([]);
    expect(withSelected(chosen, "a", true)).toBe(chosen);
    expect(withSelected(chosen, "z", false)).toBe(chosen);
    expect([...chosen]).toEqual(["a"]);
  });

  it("selects and deselects many ids at once without changing the set given", () => {
    const chosen = new Set(["a", "b"]);
    expect([...withAll(chosen, ["b", "c"])].sort()).toEqual(["a", "b", "c"]);
    expect([...withNone(chosen, ["a", "z"])]).toEqual(["b"]);
    expect([...chosen]).toEqual(["a", "b"]);
  });
});

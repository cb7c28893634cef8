import { describe, expect, it } from "vitest";
import { navCounts } from "./nav-counts";

describe("navCounts", () => {
  it("shows each count once its read has arrived", () => {
    expect(navCounts({ isError: false, data: { active: 12, inactive: 3 } }, { isError: false, data: [{}, {}] })).toEqual({ active: 12, inactive: 3, agents: 2 });
  });

  it("shows none while loading or after a failed read, each read on its own", () => {
    expect(navCounts({ isError: false }, { isError: true, data: [{}] })).toEqual({ active: undefined, inactive: undefined, agents: undefined });
    expect(navCounts({ isError: true, data: { active: 1, inactive: 1 } }, { isError: false, data: [] })).toEqual({ active: undefined, inactive: undefined, agents: 0 });
  });
});

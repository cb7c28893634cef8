import { describe, expect, it } from "vitest";
import { eventNamesListing, laterSave, saveToShow } from "./teammate-save";

describe("eventNamesListing", () => {
  it("is true for an event naming the listing or many listings, and false otherwise", () => {
    expect(eventNamesListing({ ids: ["a", "b"] }, "b")).toBe(true);
    expect(eventNamesListing({ many: true }, "b")).toBe(true);
    expect(eventNamesListing({ ids: ["a"] }, "b")).toBe(false);
    expect(eventNamesListing({ ids: "b" }, "b")).toBe(false);
    expect(eventNamesListing(null, "b")).toBe(false);
    expect(eventNamesListing(undefined, "b")).toBe(false);
  });
});

describe("laterSave", () => {
  it("keeps the newest version heard, whatever order the reads answer in", () => {
    const v3 = { by: "ann", version: 3 };
    const v2 = { by: "bob", version: 2 };
    expect(laterSave(null, v2)).toBe(v2);
    expect(laterSave(v2, v3)).toBe(v3);
    expect(laterSave(v3, v2)).toBe(v3);
    expect(laterSave(v3, { by: null, version: 3 })).toBe(v3);
  });
});

describe("saveToShow", () => {
  it("shows only a save newer than the form's version", () => {
    const heard = { by: "ann", version: 3 };
    expect(saveToShow(heard, 2)).toBe(heard);
    expect(saveToShow(heard, 3)).toBeNull();
    expect(saveToShow(heard, undefined)).toBeNull();
    expect(saveToShow(null, 2)).toBeNull();
  });
});

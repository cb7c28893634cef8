import { describe, expect, it } from "vitest";
import { addressViewMode, storedViewMode, storeViewMode } from "./view-mode-storage";

/** A storage that keeps what it is given, like a browser's. */
const memoryStorage = () => {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
};
/** Storage refused outright: with cookies blocked, reaching localStorage at all throws. */
const refusing = (): Storage => {
  throw new Error("SecurityError");
};

describe("the view mode in storage", () => {
  it("is grid until list or map is chosen, and remembers the choice", () => {
    const storage = memoryStorage();
    expect(storedViewMode(() => storage)).toBe("grid");
    storeViewMode(() => storage, "map");
    expect(storedViewMode(() => storage)).toBe("map");
    storeViewMode(() => storage, "list");
    expect(storedViewMode(() => storage)).toBe("list");
    storeViewMode(() => storage, "grid");
    expect(storedViewMode(() => storage)).toBe("grid");
  });

  it("reads anything else stored as grid", () => {
    const storage = memoryStorage();
    storage.setItem("listings.viewMode", "table");
    expect(storedViewMode(() => storage)).toBe("grid");
  });

  it("is grid, and throws nothing, when storage is refused", () => {
    expect(storedViewMode(refusing)).toBe("grid");
    expect(() => storeViewMode(refusing, "list")).not.toThrow();
  });

  it("reads the layout a link asks for, and nothing from a link that names none or an unknown one", () => {
    expect(addressViewMode("?q=diner&view=map")).toBe("map");
    expect(addressViewMode("view=list")).toBe("list");
    expect(addressViewMode("?q=diner")).toBeNull();
    expect(addressViewMode("?view=globe")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { forgetReturn, rememberReturn, returnPath } from "./return-after-sign-in";

const memoryStore = () => {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
};

describe("return after sign-in", () => {
  it("brings a lead's address back after sign-in, once", () => {
    const store = memoryStore();
    rememberReturn("/leads/42", store);
    expect(returnPath(store)).toBe("/leads/42");
    forgetReturn(store);
    expect(returnPath(store)).toBe("/");
  });

  it("sends every other address home, as the spec says, and never another site", () => {
    const store = memoryStore();
    for (const path of ["/team", "/leads", "//evil.example.com/leads/1", "/leads/1/../../team", "/leads/abc"]) {
      rememberReturn(path, store);
      expect(returnPath(store)).toBe("/");
    }
    store.setItem("listing-desk:return-after-sign-in", "https://evil.example.com/");
    expect(returnPath(store)).toBe("/");
  });

  it("goes home when the browser refuses storage", () => {
    rememberReturn("/leads/1", null);
    expect(returnPath(null)).toBe("/");
  });
});

import { describe, expect, it } from "vitest";
import { renderedCache, renderingCache } from "./rendered-cache.js";

const KB = 1024;
const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe("renderedCache", () => {
  it("holds at most its byte budget, dropping the least recently used first", () => {
    const cache = renderedCache<Buffer>(100 * KB);
    cache.set("a", bytes(40 * KB));
    cache.set("b", bytes(40 * KB));
    // Reading a makes b the least recently used.
    expect(cache.get("a")).toHaveLength(40 * KB);
    cache.set("c", bytes(40 * KB));
    expect([...cache.keys()].sort()).toEqual(["a", "c"]);
    expect(cache.calculatedSize).toBeLessThanOrEqual(100 * KB);
  });

  it("counts many small entries by their bytes, not their number", () => {
    const cache = renderedCache<string>(10 * KB);
    for (let i = 0; i < 1_000; i++) cache.set(`page-${i}`, "é".repeat(512)); // 1 KB each in UTF-8
    expect(cache.size).toBe(10);
    expect(cache.calculatedSize).toBe(10 * KB);
  });

  it("keeps nothing larger than the whole budget, and evicts nothing for it", () => {
    const cache = renderedCache<Buffer>(100 * KB);
    cache.set("small", bytes(10 * KB));
    cache.set("huge", bytes(101 * KB));
    expect(cache.has("huge")).toBe(false);
    expect(cache.has("small")).toBe(true);
  });
});

describe("renderingCache", () => {
  it("shares one render between concurrent callers, and keeps nothing when the render fails", async () => {
    let renders = 0;
    let fail = true;
    const cache = renderingCache<Buffer, { size: number }>(100 * KB, async ({ size }) => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail) throw new Error("render failed");
      return bytes(size);
    });
    await expect(cache.fetch("k", { context: { size: KB } })).rejects.toThrow("render failed");
    expect(cache.has("k")).toBe(false);

    fail = false;
    renders = 0;
    const made = await Promise.all([1, 2, 3].map(() => cache.fetch("k", { context: { size: KB } })));
    expect(renders).toBe(1);
    expect(made.every((b) => b?.length === KB)).toBe(true);
    expect(await cache.fetch("k", { context: { size: KB } })).toHaveLength(KB);
    expect(renders).toBe(1);
  });
});

import { describe, expect, it } from "vitest";
import { chunkLoader } from "./chunk-loader";

/** An import that fails while "offline" and succeeds once back, counting its fetches. */
function flakyImport() {
  const state = { online: false, fetches: 0 };
  const importer = async () => {
    state.fetches += 1;
    if (!state.online) throw new TypeError("Failed to fetch dynamically imported module");
    return { Part: "the part" };
  };
  return { state, importer };
}

describe("chunkLoader", () => {
  it("fetches once for everyone who asks, and tells its subscribers when the module arrives", async () => {
    const { state, importer } = flakyImport();
    state.online = true;
    const loader = chunkLoader(importer);
    const heard: unknown[] = [];
    loader.subscribe(() => heard.push(loader.loaded()));
    expect(loader.loaded()).toBeNull();
    const [a, b] = await Promise.all([loader.load(), loader.load()]);
    expect(a).toBe(b);
    expect(state.fetches).toBe(1);
    expect(heard).toEqual([{ Part: "the part" }]);
    expect(loader.loaded()).toBe(a);
    await loader.load();
    expect(state.fetches).toBe(1);
  });

  it("forgets a failed load, so the next ask fetches again, and preload never rejects", async () => {
    const { state, importer } = flakyImport();
    const loader = chunkLoader(importer);
    await expect(loader.load()).rejects.toThrow("Failed to fetch dynamically imported module");
    loader.preload();
    await Promise.resolve();
    expect(state.fetches).toBe(2);
    expect(loader.loaded()).toBeNull();

    state.online = true;
    expect(await loader.load()).toEqual({ Part: "the part" });
    expect(state.fetches).toBe(3);
    expect(loader.loaded()).toEqual({ Part: "the part" });
  });

  it("stops telling a listener that unsubscribed", async () => {
    const { state, importer } = flakyImport();
    state.online = true;
    const loader = chunkLoader(importer);
    let heard = 0;
    const stop = loader.subscribe(() => (heard += 1));
    stop();
    await loader.load();
    expect(heard).toBe(0);
  });
});

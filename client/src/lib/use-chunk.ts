import { useEffect, useSyncExternalStore } from "react";
import type { ChunkLoader } from "./chunk-loader";
import { whenIdle } from "./when-idle";

/**
 * The chunk's module once loaded, else null: for a part that shows only later (an open menu's
 * items, a banner). Asked for when the page is idle after the first paint, at once while `needed`,
 * and again when the browser is back online; a load that fails (offline before the chunk was
 * fetched) never throws into rendering.
 */
export function useChunk<M>(chunk: ChunkLoader<M>, needed = false): M | null {
  const loaded = useSyncExternalStore(chunk.subscribe, chunk.loaded, chunk.loaded);
  useEffect(() => {
    if (loaded) return;
    if (needed) chunk.preload();
    window.addEventListener("online", chunk.preload);
    const cancel = whenIdle(chunk.preload);
    return () => {
      cancel();
      window.removeEventListener("online", chunk.preload);
    };
  }, [chunk, loaded, needed]);
  return loaded;
}

// The outlines, converted once per page in a worker each (docs/decisions/313-map-outlines-in-a-worker.md):
// the state outlines when the map first opens, the county lines the first time it is zoomed in to
// them. The workers are chunks of the app's own build, precached like the rest, so this works offline.
import type { StateOutlines } from "./basemap-outlines";
import type { FlatShapes } from "./outline-shapes";

/** The one message a worker posts, after which it is ended. */
function answerOf<T>(worker: Worker): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<T>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(`The map's outlines could not be prepared: ${event.message}`));
    };
  });
}

/** Once per page; a failure is not kept, so the next opening tries again. */
export function once<T>(start: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= start().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}

export const loadStateOutlines = once(() => answerOf<StateOutlines>(new Worker(new URL("./state-outlines.worker.ts", import.meta.url), { type: "module" })));

export const loadCountyLines = once(() => answerOf<FlatShapes>(new Worker(new URL("./county-lines.worker.ts", import.meta.url), { type: "module" })));

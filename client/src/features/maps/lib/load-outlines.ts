// The outlines, converted once per page in a worker each:
// the state outlines when the map first opens, the county lines the first time it is zoomed in to
// them. The workers are chunks of the app's own build, precached like the rest, so this works offline.
import type { StateOutlines } from "./basemap-outlines";
import type { FlatShapes } from "./outline-shapes";

/**
 * How long a worker may take to answer before it counts as failed. Converting the county lines
 * takes well under a second; a worker whose script never arrives would otherwise keep the map
 * waiting without a word.
 */
export const OUTLINE_WORKER_TIMEOUT_MS = 20_000;

/** The parts of a Worker its one answer needs. */
export type AnsweringWorker = Pick<Worker, "onmessage" | "onerror" | "onmessageerror" | "terminate">;

/**
 * The one message a worker posts, after which it is ended. A script that cannot load (offline
 * with a stale cache, a server error), a conversion that throws, an answer that cannot be read,
 * or no answer within `timeoutMs` is a failure: the worker is ended and the promise rejects.
 */
export function answerOf<T>(start: () => AnsweringWorker, timeoutMs = OUTLINE_WORKER_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = start();
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      worker.onmessage = worker.onerror = worker.onmessageerror = null;
      worker.terminate();
      outcome();
    };
    const fail = (why: string) => settle(() => reject(new Error(`The map's outlines could not be prepared: ${why}`)));
    const timer = setTimeout(() => fail(`no answer within ${timeoutMs / 1000} s`), timeoutMs);
    worker.onmessage = (event: MessageEvent<T>) => settle(() => resolve(event.data));
    worker.onerror = (event) => {
      // Handled here: the page says so on the map, the console need not report it as well.
      event.preventDefault();
      // A script that failed to load gives a plain Event, with no message.
      fail((event as Partial<ErrorEvent>).message || "its script could not be loaded");
    };
    worker.onmessageerror = () => fail("its answer could not be read");
  });
}

/** Once per page; a failure is not kept, so the next call (a retry, the next opening) tries again. */
export function once<T>(start: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= start().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}

export const loadStateOutlines = once(() => answerOf<StateOutlines>(() => new Worker(new URL("./state-outlines.worker.ts", import.meta.url), { type: "module" })));

export const loadCountyLines = once(() => answerOf<FlatShapes>(() => new Worker(new URL("./county-lines.worker.ts", import.meta.url), { type: "module" })));

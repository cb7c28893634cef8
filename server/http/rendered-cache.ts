// The one kind of in-memory cache for rendered output (flyers, static maps, public pages and
// their images): bounded by bytes, not by count, so a few large renders cannot crowd out memory
// that a count bound would have allowed; the least recently used go first. An entry larger than
// the whole budget is not kept at all.
import { LRUCache } from "lru-cache";

export type Rendered = Buffer | string;

const bytesOf = (value: Rendered) => (typeof value === "string" ? Buffer.byteLength(value) : value.length);

/** A byte-bounded LRU of rendered output; get and set as a Map. */
export function renderedCache<V extends Rendered>(maxBytes: number): LRUCache<string, V> {
  // lru-cache refuses a size of 0: an empty render still takes a place.
  return new LRUCache<string, V>({ maxSize: maxBytes, sizeCalculation: (value) => Math.max(1, bytesOf(value)) });
}

/**
 * A byte-bounded LRU that makes what it lacks with `render`: `fetch(key, {context})` shares one
 * render between concurrent callers and keeps nothing when the render fails.
 */
export function renderingCache<V extends Rendered, C>(maxBytes: number, render: (context: C) => Promise<V>): LRUCache<string, V, C> {
  return new LRUCache<string, V, C>({
    maxSize: maxBytes,
    sizeCalculation: (value) => Math.max(1, bytesOf(value)),
    fetchMethod: (_key, _stale, { context }) => render(context),
  });
}

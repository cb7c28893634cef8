// One chunk of the app's code, loaded on demand and shared by everything that waits for it.
// Unlike React.lazy, a failed load is not kept: offline before the chunk was ever fetched (and
// with no service worker holding it yet), the next ask tries again, and a load that fails never
// throws into rendering, where outside an error boundary it would take the whole page down.

export interface ChunkLoader<M> {
  /** The module, fetched once; a failure is forgotten, so the next call fetches again. */
  load(): Promise<M>;
  /** load() for those who only want it there sooner: a failure is left for the next ask. */
  preload(): void;
  /** The module once loaded, else null (the snapshot for useSyncExternalStore). */
  loaded(): M | null;
  /** Calls `listener` when the module arrives; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function chunkLoader<M>(importer: () => Promise<M>): ChunkLoader<M> {
  let module: M | null = null;
  let loading: Promise<M> | null = null;
  const listeners = new Set<() => void>();
  const load = () =>
    (loading ??= importer().then(
      (value) => {
        module = value;
        for (const listener of listeners) listener();
        return value;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  return {
    load,
    preload: () => void load().catch(() => undefined),
    loaded: () => module,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

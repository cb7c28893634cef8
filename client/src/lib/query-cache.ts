// The ways the app changes cached server data, all keyed by lib/query-keys.ts: refresh what a
// change made stale, change it ahead of the server's answer, and drop what was deleted.
import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * Marks every query under each key stale and refetches the ones on screen (a key covers the
 * longer keys it begins). The one invalidation of the app.
 */
export function invalidate(queryClient: QueryClient, ...keys: readonly QueryKey[]): Promise<void> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}

/** Puts the data back as it was before an optimistic change. */
export type Undo = () => void;

/**
 * Changes cached data before the server answers, so a toggle shows at once. Reads in flight for
 * these exact keys are cancelled first (a late answer would overwrite the change) and their data
 * kept, so the returned undo restores them if the server refuses. Callers refresh afterwards
 * (invalidate) either way.
 */
export async function changeOptimistically(
  queryClient: QueryClient,
  keys: readonly QueryKey[],
  change: () => void,
): Promise<Undo> {
  await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey, exact: true })));
  const snapshot = keys.map((key) => [key, queryClient.getQueryData(key)] as const);
  change();
  return () => {
    for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
  };
}

/** Changes the item with this id in the cached list under `key`, if that list is cached. */
export function updateListItem<T extends { id: unknown }>(
  queryClient: QueryClient,
  key: QueryKey,
  id: T["id"],
  update: (item: T) => T,
): void {
  queryClient.setQueryData<T[]>(key, (list) => (Array.isArray(list) ? list.map((item) => (item.id === id ? update(item) : item)) : list));
}

/**
 * Drops a deleted item at once from the cached lists under `lists` and forgets its own query
 * (`item`), so nothing shows it, or asks for it, before the refresh.
 */
export function removeFromCache(
  queryClient: QueryClient,
  { lists, item }: { lists: readonly QueryKey[]; item: QueryKey },
  id: unknown,
): void {
  for (const key of lists) {
    queryClient.setQueryData<{ id: unknown }[]>(key, (list) => (Array.isArray(list) ? list.filter((entry) => entry.id !== id) : list));
  }
  queryClient.removeQueries({ queryKey: item, exact: true });
}

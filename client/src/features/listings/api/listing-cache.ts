// Optimistic edits of the cached lists: a toggle shows at once on every screen that holds the
// listing (both folders, the sidebar counts, the open detail dialog) and is undone if the
// server refuses it.
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { ListingSummary, ListingWithMeta } from "@shared/schema";
import { compareListings } from "../lib/listing-filters";
import { activeListingsQueryKey } from "./get-active-listings";
import { inactiveListingsQueryKey } from "./get-inactive-listings";
import { listingQueryKey } from "./get-listing";
import { listingCountsQueryKey, type ListingCounts } from "./get-listing-counts";
import { listingsQueryKey } from "./invalidate-listings";

const LIST_KEYS: QueryKey[] = [listingsQueryKey, activeListingsQueryKey, inactiveListingsQueryKey];

export type ListingCacheSnapshot = [QueryKey, unknown][];

/**
 * Cancels reads in flight (a late answer would overwrite the optimistic change) and keeps the
 * current data for a rollback. Exact keys: the other listings under ["/api/listings", id] are
 * left alone.
 */
export async function holdListingCaches(queryClient: QueryClient, id: string): Promise<ListingCacheSnapshot> {
  const keys = [...LIST_KEYS, listingCountsQueryKey, listingQueryKey(id)];
  await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey, exact: true })));
  return keys.map((key) => [key, queryClient.getQueryData(key)]);
}

export function restoreListingCaches(queryClient: QueryClient, snapshot: ListingCacheSnapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

function updateList(queryClient: QueryClient, key: QueryKey, update: (list: ListingSummary[]) => ListingSummary[]) {
  queryClient.setQueryData<ListingSummary[]>(key, (list) => (Array.isArray(list) ? update(list) : list));
}

export function patchListingInCaches(
  queryClient: QueryClient,
  id: string,
  patch: Partial<Pick<ListingSummary, "isActive" | "isStarred">>,
): void {
  for (const key of LIST_KEYS) updateList(queryClient, key, (list) => list.map((l) => (l.id === id ? { ...l, ...patch } : l)));
  queryClient.setQueryData<ListingWithMeta>(listingQueryKey(id), (l) => (l ? { ...l, ...patch } : l));
}

function insertSorted(list: ListingSummary[], listing: ListingSummary): ListingSummary[] {
  const at = list.findIndex((other) => compareListings(listing, other) < 0);
  const next = list.filter((l) => l.id !== listing.id);
  next.splice(at === -1 ? next.length : at, 0, listing);
  return next;
}

/** Moves a listing to the other folder's list, so both pages and the sidebar counts change at once. */
export function moveListingInCaches(queryClient: QueryClient, id: string, isActive: boolean): void {
  const from = isActive ? inactiveListingsQueryKey : activeListingsQueryKey;
  const to = isActive ? activeListingsQueryKey : inactiveListingsQueryKey;
  const moved = queryClient.getQueryData<ListingSummary[]>(from)?.find((l) => l.id === id);
  updateList(queryClient, from, (list) => list.filter((l) => l.id !== id));
  if (moved) updateList(queryClient, to, (list) => insertSorted(list, { ...moved, isActive }));
  updateList(queryClient, listingsQueryKey, (list) => list.map((l) => (l.id === id ? { ...l, isActive } : l)));
  queryClient.setQueryData<ListingWithMeta>(listingQueryKey(id), (l) => (l ? { ...l, isActive } : l));
  const step = isActive ? 1 : -1;
  queryClient.setQueryData<ListingCounts>(listingCountsQueryKey, (c) =>
    c ? { active: c.active + step, inactive: c.inactive - step } : c,
  );
}

export function removeListingFromCaches(queryClient: QueryClient, id: string): void {
  for (const key of LIST_KEYS) updateList(queryClient, key, (list) => list.filter((l) => l.id !== id));
  queryClient.removeQueries({ queryKey: listingQueryKey(id), exact: true });
}

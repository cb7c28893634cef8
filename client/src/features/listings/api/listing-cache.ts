// Optimistic edits of the cached listings: a toggle shows at once on every screen that holds the
// listing (both folders, the sidebar counts, the open detail dialog) and is undone if the server
// refuses it. The cache moves go through lib/query-cache.ts like every other.
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { changeOptimistically, removeFromCache, updateListItem, type Undo } from "@/lib/query-cache";
import { listingKeys, listingListKeys } from "@/lib/first-page-query-keys";
import { compareListings } from "../lib/listing-filters";
import type { ListingCounts } from "./get-listing-counts";
import type { ListingSummary, ListingWithMeta } from "./listing-types";

/** Everything a change to one listing's flags touches; the other listings' queries are left alone. */
const flagKeys = (id: string): QueryKey[] => [...listingListKeys, listingKeys.counts, listingKeys.detail(id)];

type Flags = Partial<Pick<ListingSummary, "isActive" | "isStarred" | "dealStage" | "version">>;

function patchListing(queryClient: QueryClient, id: string, patch: Flags): void {
  for (const key of listingListKeys) updateListItem<ListingSummary>(queryClient, key, id, (l) => ({ ...l, ...patch }));
  queryClient.setQueryData<ListingWithMeta>(listingKeys.detail(id), (l) => (l ? { ...l, ...patch } : l));
}

function insertSorted(list: ListingSummary[], listing: ListingSummary): ListingSummary[] {
  const at = list.findIndex((other) => compareListings(listing, other) < 0);
  const next = list.filter((l) => l.id !== listing.id);
  next.splice(at === -1 ? next.length : at, 0, listing);
  return next;
}

/** Moves a listing to the other folder's list, so both pages and the sidebar counts change at once. */
function moveListing(queryClient: QueryClient, id: string, isActive: boolean): void {
  const from = isActive ? listingKeys.inactive : listingKeys.active;
  const to = isActive ? listingKeys.active : listingKeys.inactive;
  const moved = queryClient.getQueryData<ListingSummary[]>(from)?.find((l) => l.id === id);
  queryClient.setQueryData<ListingSummary[]>(from, (list) => list?.filter((l) => l.id !== id));
  if (moved) queryClient.setQueryData<ListingSummary[]>(to, (list) => (list ? insertSorted(list, { ...moved, isActive }) : list));
  updateListItem<ListingSummary>(queryClient, listingKeys.all, id, (l) => ({ ...l, isActive }));
  queryClient.setQueryData<ListingWithMeta>(listingKeys.detail(id), (l) => (l ? { ...l, isActive } : l));
  const step = isActive ? 1 : -1;
  queryClient.setQueryData<ListingCounts>(listingKeys.counts, (c) => (c ? { active: c.active + step, inactive: c.inactive - step } : c));
}

/** Stars or unstars a listing in every cached copy; returns the undo. */
export const starOptimistically = (queryClient: QueryClient, id: string, isStarred: boolean): Promise<Undo> =>
  changeOptimistically(queryClient, flagKeys(id), () => patchListing(queryClient, id, { isStarred }));

/** Moves a listing between the folders in every cached copy; returns the undo. */
export const moveOptimistically = (queryClient: QueryClient, id: string, isActive: boolean): Promise<Undo> =>
  changeOptimistically(queryClient, flagKeys(id), () => moveListing(queryClient, id, isActive));

/** Drops a deleted listing from the lists and forgets its detail at once. */
export function removeListingFromCaches(queryClient: QueryClient, id: string): void {
  removeFromCache(queryClient, { lists: listingListKeys, item: listingKeys.detail(id) }, id);
}

/** Takes a listing's saved stage and version into the lists, so the next move starts from them. */
export const patchSavedStage = (queryClient: QueryClient, saved: Pick<ListingSummary, "id" | "dealStage" | "version">): void =>
  patchListing(queryClient, saved.id, { dealStage: saved.dealStage ?? null, version: saved.version });

import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { listingKeys } from "@/lib/query-keys";
import { listingItem } from "@/test/listing-fixtures";
import type { ListingCounts } from "./get-listing-counts";
import { moveOptimistically, removeListingFromCaches, starOptimistically } from "./listing-cache";
import type { ListingSummary } from "./listing-types";

function cachedWorkspace() {
  const client = new QueryClient();
  const newer = listingItem({ listingName: "newer", createdAt: "2026-03-01T00:00:00.000Z" });
  const older = listingItem({ listingName: "older", createdAt: "2026-01-01T00:00:00.000Z" });
  const parked = listingItem({ listingName: "parked", isActive: false, createdAt: "2026-02-01T00:00:00.000Z" });
  client.setQueryData(listingKeys.active, [newer, older]);
  client.setQueryData(listingKeys.inactive, [parked]);
  client.setQueryData<ListingCounts>(listingKeys.counts, { active: 2, inactive: 1 });
  client.setQueryData(listingKeys.detail(parked.id), { ...parked, aiGeneratedPosts: [] });
  return { client, newer, older, parked };
}

const names = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryData<ListingSummary[]>(key)?.map((l) => l.listingName);

describe("optimistic listing changes", () => {
  it("moves a listing to the other folder in its sorted place, with the counts and its detail", async () => {
    const { client, parked } = cachedWorkspace();
    const undo = await moveOptimistically(client, parked.id, true);
    expect(names(client, listingKeys.active)).toEqual(["newer", "parked", "older"]);
    expect(names(client, listingKeys.inactive)).toEqual([]);
    expect(client.getQueryData(listingKeys.counts)).toEqual({ active: 3, inactive: 0 });
    expect(client.getQueryData<ListingSummary>(listingKeys.detail(parked.id))?.isActive).toBe(true);

    undo();
    expect(names(client, listingKeys.active)).toEqual(["newer", "older"]);
    expect(names(client, listingKeys.inactive)).toEqual(["parked"]);
    expect(client.getQueryData(listingKeys.counts)).toEqual({ active: 2, inactive: 1 });
    expect(client.getQueryData<ListingSummary>(listingKeys.detail(parked.id))?.isActive).toBe(false);
  });

  it("stars a listing in every cached list", async () => {
    const { client, older } = cachedWorkspace();
    const undo = await starOptimistically(client, older.id, true);
    expect(client.getQueryData<ListingSummary[]>(listingKeys.active)?.find((l) => l.id === older.id)?.isStarred).toBe(true);
    undo();
    expect(client.getQueryData<ListingSummary[]>(listingKeys.active)?.find((l) => l.id === older.id)?.isStarred).toBe(false);
  });

  it("drops a deleted listing from the lists and forgets its detail", () => {
    const { client, parked } = cachedWorkspace();
    removeListingFromCaches(client, parked.id);
    expect(names(client, listingKeys.inactive)).toEqual([]);
    expect(client.getQueryState(listingKeys.detail(parked.id))).toBeUndefined();
  });
});

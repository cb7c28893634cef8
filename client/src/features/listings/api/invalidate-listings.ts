import type { QueryClient } from "@tanstack/react-query";
import { agentsQueryKey } from "@/features/agents/api/get-agents";
import { activeListingsQueryKey } from "./get-active-listings";
import { inactiveListingsQueryKey } from "./get-inactive-listings";
import { listingCountsQueryKey } from "./get-listing-counts";

// Every list (and, by prefix, every single listing under ["/api/listings", id]) after a listing
// changes, per spec §7. Agents are refreshed too: their badges count listings.
export const listingsQueryKey = ["/api/listings"] as const;

export function invalidateListings(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: listingsQueryKey }),
    queryClient.invalidateQueries({ queryKey: activeListingsQueryKey }),
    queryClient.invalidateQueries({ queryKey: inactiveListingsQueryKey }),
    queryClient.invalidateQueries({ queryKey: listingCountsQueryKey }),
    queryClient.invalidateQueries({ queryKey: agentsQueryKey }),
  ]).then(() => undefined);
}

import { useAgents } from "@/features/agents/api/get-agents";
import { useListingCounts } from "@/features/listings/api/get-listing-counts";
import type { NavCount } from "./nav-items";

/**
 * The sidebar counts refresh whenever the listing lists do (listingChangeKeys). A failed load
 * shows no count rather than an error: the count is a hint.
 */
export function useNavCounts(): Record<NavCount, number | undefined> {
  const listings = useListingCounts();
  const agents = useAgents();
  return {
    active: listings.isError ? undefined : listings.data?.active,
    inactive: listings.isError ? undefined : listings.data?.inactive,
    agents: agents.isError ? undefined : agents.data?.length,
  };
}

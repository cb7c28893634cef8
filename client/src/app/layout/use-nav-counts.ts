import { useAgents } from "@/features/agents/api/get-agents";
import { useListingCounts } from "@/features/listings/api/get-listing-counts";
import { navCounts } from "./nav-counts";
import type { NavCount } from "./nav-items";

/** The sidebar counts refresh whenever the listing lists do (listingChangeKeys). */
export function useNavCounts(): Record<NavCount, number | undefined> {
  return navCounts(useListingCounts(), useAgents());
}

import { useAgents } from "@/features/agents/api/get-agents";
import { useActiveListings } from "@/features/listings/api/get-active-listings";
import { useInactiveListings } from "@/features/listings/api/get-inactive-listings";
import type { NavCount } from "./nav-items";

/**
 * The sidebar counts share their queries with the list screens, so they update whenever a
 * list is refreshed. A failed load shows no count rather than an error: the count is a hint.
 */
export function useNavCounts(): Record<NavCount, number | undefined> {
  const active = useActiveListings();
  const inactive = useInactiveListings();
  const agents = useAgents();
  const length = (data: unknown) => (Array.isArray(data) ? data.length : undefined);
  return {
    active: active.isError ? undefined : length(active.data),
    inactive: inactive.isError ? undefined : length(inactive.data),
    agents: agents.isError ? undefined : length(agents.data),
  };
}

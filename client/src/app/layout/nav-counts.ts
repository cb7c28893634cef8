import type { NavCount } from "./nav-items";

interface Loaded<T> {
  isError: boolean;
  data?: T;
}

/** The sidebar's counts from its two reads; a failed read shows no count rather than an error (the count is a hint). */
export function navCounts(listings: Loaded<{ active: number; inactive: number }>, agents: Loaded<readonly unknown[]>): Record<NavCount, number | undefined> {
  return {
    active: listings.isError ? undefined : listings.data?.active,
    inactive: listings.isError ? undefined : listings.data?.inactive,
    agents: agents.isError ? undefined : agents.data?.length,
  };
}

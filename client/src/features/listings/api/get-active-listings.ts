import { useQuery } from "@tanstack/react-query";
import type { ListingSummary } from "@shared/schema";
import { apiJson } from "@/lib/api-client";

export const activeListingsQueryKey = ["/api/listings/active"] as const;

export const getActiveListings = () => apiJson<ListingSummary[]>("GET", "/api/listings/active");

export function useActiveListings() {
  return useQuery({ queryKey: activeListingsQueryKey, queryFn: getActiveListings });
}

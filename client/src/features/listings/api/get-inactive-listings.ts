import { useQuery } from "@tanstack/react-query";
import type { ListingSummary } from "@shared/schema";
import { apiJson } from "@/lib/api-client";

export const inactiveListingsQueryKey = ["/api/listings/inactive"] as const;

export const getInactiveListings = () => apiJson<ListingSummary[]>("GET", "/api/listings/inactive");

export function useInactiveListings() {
  return useQuery({ queryKey: inactiveListingsQueryKey, queryFn: getInactiveListings });
}

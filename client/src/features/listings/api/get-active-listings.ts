import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { listingKeys } from "@/lib/first-page-query-keys";
import type { ListingSummary } from "./listing-types";

export const getActiveListings = () => apiJson<ListingSummary[]>("GET", "/api/listings/active");

export function useActiveListings() {
  return useQuery({ queryKey: listingKeys.active, queryFn: getActiveListings });
}

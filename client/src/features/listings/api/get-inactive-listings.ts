import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { listingKeys } from "@/lib/query-keys";
import type { ListingSummary } from "./listing-types";

export const getInactiveListings = () => apiJson<ListingSummary[]>("GET", "/api/listings/inactive");

export function useInactiveListings() {
  return useQuery({ queryKey: listingKeys.inactive, queryFn: getInactiveListings });
}

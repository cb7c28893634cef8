import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

export interface ListingCounts {
  active: number;
  inactive: number;
}

export const listingCountsQueryKey = ["/api/listings/counts"] as const;

export const getListingCounts = () => apiJson<ListingCounts>("GET", "/api/listings/counts");

/** The sidebar's folder counts: a few bytes, instead of both whole lists on every screen. */
export function useListingCounts() {
  return useQuery({ queryKey: listingCountsQueryKey, queryFn: getListingCounts });
}

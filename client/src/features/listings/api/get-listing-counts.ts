import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { listingKeys } from "@/lib/first-page-query-keys";

export interface ListingCounts {
  active: number;
  inactive: number;
}

export const getListingCounts = () => apiJson<ListingCounts>("GET", "/api/listings/counts");

/** The sidebar's folder counts: a few bytes, instead of both whole lists on every screen. */
export function useListingCounts() {
  return useQuery({ queryKey: listingKeys.counts, queryFn: getListingCounts });
}

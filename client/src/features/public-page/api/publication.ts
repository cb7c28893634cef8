import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MarketingFigures, Publication, PublicationUpdate } from "@shared/public-page";
import { apiJson } from "@/lib/api-client";
import { listingKeys } from "@/lib/query-keys";

/** A listing's public page: published or not, its link and switches. */
export function usePublication(listingId: string) {
  return useQuery({
    queryKey: listingKeys.publication(listingId),
    queryFn: () => apiJson<Publication>("GET", `/api/listings/${listingId}/publication`),
  });
}

export function useSavePublication(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: PublicationUpdate) => apiJson<Publication>("PUT", `/api/listings/${listingId}/publication`, update),
    onSuccess: (saved) => queryClient.setQueryData(listingKeys.publication(listingId), saved),
  });
}

export function useRotatePublication(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<Publication>("POST", `/api/listings/${listingId}/publication/rotate`),
    onSuccess: (saved) => queryClient.setQueryData(listingKeys.publication(listingId), saved),
  });
}

/** The page's last 90 days: views, visitors, inquiries and flyer downloads; and the listing's campaigns with their counts. */
export function useMarketingFigures(listingId: string) {
  return useQuery({
    queryKey: listingKeys.marketing(listingId),
    queryFn: () => apiJson<MarketingFigures>("GET", `/api/listings/${listingId}/marketing`),
    // Visitors, recipients and their mail servers move these figures, not this person's edits: read
    // again each time the listing opens rather than kept until a mutation says otherwise.
    staleTime: 0,
  });
}

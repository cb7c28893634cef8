import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LeadSummary, Prospect } from "@shared/leads";
import { apiJson } from "@/lib/api-client";
import { leadKeys, listingKeys } from "@/lib/query-keys";

/** The team's leads matching a search, newest activity first. */
export function useLeads(q: string) {
  return useQuery({
    queryKey: [...leadKeys.all, q],
    queryFn: () => apiJson<LeadSummary[]>("GET", `/api/leads?${new URLSearchParams(q ? { q } : {})}`),
    placeholderData: keepPreviousData,
  });
}

export function useProspects(listingId: string) {
  return useQuery({
    queryKey: listingKeys.prospects(listingId),
    queryFn: () => apiJson<Prospect[]>("GET", `/api/listings/${listingId}/prospects`),
  });
}

/** My inquiry alerts: "All inquiries" (enabled) and "Inquiries about my listings" (myListings). */
export interface InquiryAlerts {
  enabled: boolean;
  myListings: boolean;
}

export function useInquiryAlerts() {
  return useQuery({ queryKey: leadKeys.inquiryAlerts, queryFn: () => apiJson<InquiryAlerts>("GET", "/api/settings/inquiry-alerts") });
}

export function useSaveInquiryAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: Partial<InquiryAlerts>) => apiJson<InquiryAlerts>("PUT", "/api/settings/inquiry-alerts", choice),
    onSuccess: (saved) => queryClient.setQueryData(leadKeys.inquiryAlerts, saved),
  });
}

/** Where the leads CSV downloads from (formula-neutralised on the server). */
export const LEADS_CSV_HREF = "/api/leads/export.csv";

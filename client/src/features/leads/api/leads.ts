import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LeadDetail, LeadSummary, Prospect } from "@shared/leads";
import { apiJson, apiRequest } from "@/lib/api-client";
import { leadKeys, listingKeys } from "@/lib/query-keys";
import { nextPageOf } from "../lib/next-page";

// The contacts' pages read the same Link header.
export { nextPageOf };

export interface LeadsPage {
  leads: LeadSummary[];
  /** The next page's address, from the reply's Link header; null on the last page. */
  next: string | null;
}

export async function getLeadsPage(url: string): Promise<LeadsPage> {
  const res = await apiRequest("GET", url);
  return { leads: (await res.json()) as LeadSummary[], next: nextPageOf(res.headers.get("Link")) };
}

/** The team's leads matching a search, newest activity first, a page at a time (the page asks for more as it scrolls). */
export function useLeads(q: string) {
  return useInfiniteQuery({
    queryKey: [...leadKeys.all, "list", q],
    queryFn: ({ pageParam }) => getLeadsPage(pageParam),
    initialPageParam: `/api/leads?${new URLSearchParams(q ? { q } : {})}`,
    getNextPageParam: (last) => last.next,
    placeholderData: keepPreviousData,
  });
}

/** One lead with every inquiry, listing of interest and its activity (the lead's page). */
export function useLead(id: number, enabled = true) {
  return useQuery({ queryKey: leadKeys.detail(id), queryFn: () => apiJson<LeadDetail>("GET", `/api/leads/${id}`), enabled });
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

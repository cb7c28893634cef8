import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Campaign, CampaignAudience, CampaignCreate, CampaignPatch, CampaignPreview } from "@shared/campaigns";
import type { Contact } from "@shared/contacts";
import { apiJson } from "@/lib/api-client";
import { WAITS_FOR_STREAM } from "@/lib/live-stream-meta";
import { listingKeys } from "@/lib/query-keys";

// Kept here, not in lib/query-keys.ts, which the first page loads and which has no bytes to spare
// (the event stream names their root, "/api/campaigns", in lib/live-events.ts).
const campaignKeys = {
  all: ["/api/campaigns"],
  detail: (id: number) => ["/api/campaigns", id],
  preview: (id: number, draft: unknown) => ["/api/campaigns", id, "preview", draft],
} as const;

/**
 * A sending campaign's counts move on their own: the event stream's "campaigns" event (at most
 * once a second) reads these again, like every other live change; `WAITS_FOR_STREAM` reads them
 * once more when the stream opens, for what moved before it did.
 */
export function useCampaigns() {
  return useQuery({
    queryKey: campaignKeys.all,
    queryFn: () => apiJson<Campaign[]>("GET", "/api/campaigns"),
    meta: WAITS_FOR_STREAM,
  });
}

export function useCampaign(id: number) {
  return useQuery({
    queryKey: campaignKeys.detail(id),
    queryFn: () => apiJson<Campaign>("GET", `/api/campaigns/${id}`),
    meta: WAITS_FOR_STREAM,
  });
}

/** The message as sent, from the editor's unsaved body and audience (POST, reads only). */
export function useCampaignPreview(id: number, draft: { body: string | null; audience: CampaignAudience }) {
  return useQuery({
    queryKey: campaignKeys.preview(id, draft),
    queryFn: () => apiJson<CampaignPreview>("POST", `/api/campaigns/${id}/preview`, draft),
    placeholderData: keepPreviousData,
  });
}

/** A saved audience's single contacts, read one by one to name them (the audience holds ids; a picker shows a handful). */
export function useNamedContacts(ids: number[]): Map<number, Contact> {
  const results = useQueries({
    queries: ids.slice(0, 50).map((id) => ({ queryKey: ["/api/contacts", id], queryFn: () => apiJson<Contact>("GET", `/api/contacts/${id}`) })),
  });
  return new Map(results.flatMap((r) => (r.data ? [[r.data.id, r.data] as const] : [])));
}

function useRefresh() {
  const queryClient = useQueryClient();
  return (campaign: Campaign) => {
    queryClient.setQueryData(campaignKeys.detail(campaign.id), campaign);
    void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    // The listing's marketing panel lists its campaigns.
    if (campaign.listingId) void queryClient.invalidateQueries({ queryKey: listingKeys.marketing(campaign.listingId) });
  };
}

export function useCreateCampaign() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: Partial<CampaignCreate> & { name: string }) => apiJson<Campaign>("POST", "/api/campaigns", input),
    onSuccess: refresh,
  });
}

export function useSaveCampaign(id: number) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (patch: CampaignPatch) => apiJson<Campaign>("PATCH", `/api/campaigns/${id}`, patch), onSuccess: refresh });
}

export function useTestSend(id: number) {
  return useMutation({ mutationFn: (email: string) => apiJson<{ queued: true; email: string }>("POST", `/api/campaigns/${id}/test`, { email }) });
}

export type CampaignMove = "send" | "pause" | "resume" | "cancel";

/** Send now (no `at`) or at a time, pause, resume, cancel: each answers with the campaign. */
export function useMoveCampaign(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ move, at }: { move: CampaignMove; at?: string }) => apiJson<Campaign>("POST", `/api/campaigns/${id}/${move}`, move === "send" ? (at ? { at } : {}) : undefined),
    onSuccess: refresh,
  });
}

// The prospect pipeline's calls: add, move (with a note),
// remove, follow-ups, and the two settings. A move shows at once in the cached board; the event stream brings
// teammates' moves.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Prospect, ProspectStage } from "@shared/leads";
import type { FollowUp } from "@shared/prospects";
import { apiJson } from "@/lib/api-client";
import { changeOptimistically, invalidate } from "@/lib/query-cache";
import { leadKeys, listingKeys } from "@/lib/query-keys";

export interface NewProspect {
  name: string;
  email: string;
  phone?: string;
  company?: string;
  role?: string;
}

export function useAddProspect(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (person: NewProspect) => apiJson<Prospect>("POST", `/api/listings/${encodeURIComponent(listingId)}/prospects`, person),
    onSettled: () => invalidate(queryClient, listingKeys.prospects(listingId), listingKeys.activity(listingId), leadKeys.all),
  });
}

export interface ProspectMove {
  leadId: number;
  stage: ProspectStage;
  /** Saved with the move (or alone, at the same stage) on the listing's timeline and the lead's activity. */
  note?: string;
}

/**
 * Moves a prospect (and notes why). Shown at once on the board; a refusal (the prospect was
 * removed meanwhile: 404) puts the board back as it was before the move, and the caller says why.
 */
export function useMoveProspect(listingId: string) {
  const queryClient = useQueryClient();
  const key = listingKeys.prospects(listingId);
  return useMutation({
    mutationFn: ({ leadId, stage, note }: ProspectMove) =>
      apiJson<Prospect>("PATCH", `/api/listings/${encodeURIComponent(listingId)}/prospects/${leadId}`, note ? { stage, note } : { stage }),
    onMutate: ({ leadId, stage }) =>
      changeOptimistically(queryClient, [key], () =>
        queryClient.setQueryData<Prospect[]>(key, (list) => list?.map((p) => (p.leadId === leadId ? { ...p, stage } : p))),
      ),
    onError: (_error, _move, undo) => undo?.(),
    onSettled: () => invalidate(queryClient, key, listingKeys.activity(listingId), leadKeys.all, leadKeys.followUps),
  });
}

/** Takes a prospect off the listing's board (the lead and the history stay); gone from the board once the server agrees. */
export function useRemoveProspect(listingId: string) {
  const queryClient = useQueryClient();
  const key = listingKeys.prospects(listingId);
  return useMutation({
    mutationFn: (leadId: number) => apiJson<void>("DELETE", `/api/listings/${encodeURIComponent(listingId)}/prospects/${leadId}`),
    onSuccess: (_none, leadId) => queryClient.setQueryData<Prospect[]>(key, (list) => list?.filter((p) => p.leadId !== leadId)),
    onSettled: () => invalidate(queryClient, key, listingKeys.activity(listingId), leadKeys.all, leadKeys.followUps),
  });
}

export function useFollowUps() {
  return useQuery({ queryKey: leadKeys.followUps, queryFn: () => apiJson<{ days: number; followUps: FollowUp[] }>("GET", "/api/prospects/follow-ups") });
}

export function useFollowUpDays() {
  return useQuery({ queryKey: leadKeys.followUpDays, queryFn: () => apiJson<{ days: number }>("GET", "/api/settings/follow-up") });
}

export function useSaveFollowUpDays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: number) => apiJson<{ days: number }>("PUT", "/api/settings/follow-up", { days }),
    onSuccess: (saved) => {
      queryClient.setQueryData(leadKeys.followUpDays, saved);
      void invalidate(queryClient, leadKeys.followUps);
    },
  });
}

export function useProspectDigest() {
  return useQuery({ queryKey: leadKeys.prospectDigest, queryFn: () => apiJson<{ enabled: boolean }>("GET", "/api/settings/prospect-digest") });
}

export function useSaveProspectDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => apiJson<{ enabled: boolean }>("PUT", "/api/settings/prospect-digest", { enabled }),
    onSuccess: (saved) => queryClient.setQueryData(leadKeys.prospectDigest, saved),
  });
}

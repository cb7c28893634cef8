import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreatedFeedKey, FeedHealth, FeedKey } from "@shared/feed";
import { apiJson } from "@/lib/api-client";
import { feedKeys } from "@/lib/query-keys";

// Portals' requests and listing changes are not announced on the event stream: each visit to
// Settings reads these afresh.
const FRESH_EACH_VISIT = { staleTime: 0, refetchOnMount: "always" } as const;

/** The feed keys with their last request (admins). */
export function useFeedKeys(enabled: boolean) {
  return useQuery({ queryKey: feedKeys.keys, queryFn: () => apiJson<FeedKey[]>("GET", "/api/feed-keys"), enabled, ...FRESH_EACH_VISIT });
}

/** The published listings that are not in the feed, with why (admins). */
export function useFeedHealth(enabled: boolean) {
  return useQuery({ queryKey: feedKeys.health, queryFn: () => apiJson<FeedHealth>("GET", "/api/feed-health"), enabled, ...FRESH_EACH_VISIT });
}

export function useCreateFeedKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiJson<CreatedFeedKey>("POST", "/api/feed-keys", { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKeys.keys }),
  });
}

export function useDeleteFeedKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<void>("DELETE", `/api/feed-keys/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKeys.keys }),
  });
}

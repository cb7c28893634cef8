import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RoomRules, RoomRulesInput } from "@shared/deal-room";
import { apiJson } from "@/lib/api-client";

export type RoomRulesReply = RoomRules & { mailReady: boolean };

export const roomKeys = {
  rules: (listingId: string) => ["/api/listings", encodeURIComponent(listingId), "room"] as const,
  grants: (listingId: string) => ["/api/listings", encodeURIComponent(listingId), "room", "grants"] as const,
  activity: (listingId: string) => ["/api/listings", encodeURIComponent(listingId), "room", "activity"] as const,
  templates: () => ["/api/ca-templates"] as const,
};

/** A listing's room rules: open or not, CA required, approval, agreement, days of access. */
export function useRoomRules(listingId: string) {
  return useQuery({ queryKey: roomKeys.rules(listingId), queryFn: () => apiJson<RoomRulesReply>("GET", `/api/listings/${listingId}/room`) });
}

export function useSaveRoomRules(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: RoomRulesInput) => apiJson<RoomRulesReply>("PUT", `/api/listings/${listingId}/room`, rules),
    onSuccess: (saved) => queryClient.setQueryData(roomKeys.rules(listingId), saved),
  });
}

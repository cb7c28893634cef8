import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Grant, GrantLevel } from "@shared/deal-room";
import { apiJson } from "@/lib/api-client";
import { roomKeys } from "./room-rules";

/** The buyers let into a listing's room, newest first. */
export function useGrants(listingId: string) {
  return useQuery({ queryKey: roomKeys.grants(listingId), queryFn: () => apiJson<Grant[]>("GET", `/api/listings/${listingId}/room/grants`) });
}

export interface GrantChange {
  status?: "active" | "revoked";
  level?: GrantLevel;
  expiresAt?: string;
}

/** Approve (status active), revoke, change the level or extend one grant. */
export function usePatchGrant(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: GrantChange }) => apiJson<Grant>("PATCH", `/api/listings/${listingId}/room/grants/${id}`, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.grants(listingId) }),
  });
}

export interface NewGrant {
  name: string;
  email: string;
  company?: string;
  source: "signed-elsewhere" | "waived";
  proofUrl?: string;
}

/** Lets in someone who signed a CA elsewhere, or whose CA is waived. */
export function useCreateGrant(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (grant: NewGrant) => apiJson<Grant>("POST", `/api/listings/${listingId}/room/grants`, grant),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.grants(listingId) }),
  });
}

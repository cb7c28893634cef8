import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Grant, GrantLevel } from "@shared/deal-room";
import type { InquirerRole } from "@shared/leads";
import { apiJson } from "@/lib/api-client";
import { uploadFile } from "./documents";
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
  role?: InquirerRole;
  source: "signed-elsewhere" | "waived";
  level?: GrantLevel;
  /** The end of access (ISO); the room's own term when absent. */
  expiresAt?: string;
  /** The signed copy of an agreement signed elsewhere (a PDF), uploaded before the grant is asked for. */
  proof?: File;
}

/** Lets in someone who signed a CA elsewhere (with its signed copy as proof), or whose CA is waived. */
export function useCreateGrant(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ proof, ...grant }: NewGrant) => {
      const proofUrl = proof ? await uploadFile(proof) : undefined;
      return apiJson<Grant>("POST", `/api/listings/${listingId}/room/grants`, { ...grant, proofUrl });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.grants(listingId) }),
  });
}

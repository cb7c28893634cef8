import { useQuery } from "@tanstack/react-query";
import type { InvitationDto } from "@shared/schema";
import { apiJson } from "@/lib/api-client";

/** An invitation as it arrives over JSON (dates are ISO strings). */
export type InvitationItem = Omit<InvitationDto, "createdAt"> & { createdAt: string };

export const invitationsQueryKey = ["/api/invitations"] as const;

export const getInvitations = () => apiJson<InvitationItem[]>("GET", "/api/invitations");

export function useInvitations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: invitationsQueryKey, queryFn: getInvitations, enabled });
}

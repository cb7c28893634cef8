import { useQuery } from "@tanstack/react-query";
import type { InvitationDto } from "@shared/schema";
import type { Wire } from "@shared/wire";
import { apiJson } from "@/lib/api-client";
import { invitationKeys } from "@/lib/query-keys";

/** An invitation as it arrives over JSON (dates are ISO strings). */
export type InvitationItem = Wire<InvitationDto>;

export const getInvitations = () => apiJson<InvitationItem[]>("GET", "/api/invitations");

export function useInvitations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: invitationKeys.all, queryFn: getInvitations, enabled });
}

import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { authKeys } from "@/lib/query-keys";

export interface InvitationValidation {
  valid: boolean;
  email: string | null;
}

// The token comes from a link someone pasted, so it is encoded rather than trusted as a path part.
export const validateInvitation = (token: string) =>
  apiJson<InvitationValidation>("GET", `/api/invitations/validate/${encodeURIComponent(token)}`);

export function useValidateInvitation(token: string | null) {
  return useQuery({
    queryKey: authKeys.invitationCheck(token ?? ""),
    queryFn: () => validateInvitation(token ?? ""),
    enabled: Boolean(token),
  });
}

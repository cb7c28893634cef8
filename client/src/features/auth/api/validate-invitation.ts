import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

export interface InvitationValidation {
  valid: boolean;
  email: string | null;
}

export const validateInvitationQueryKey = (token: string) => ["/api/invitations/validate", token] as const;

// The token comes from a link someone pasted, so it is encoded rather than trusted as a path part.
export const validateInvitation = (token: string) =>
  apiJson<InvitationValidation>("GET", `/api/invitations/validate/${encodeURIComponent(token)}`);

export function useValidateInvitation(token: string | null) {
  return useQuery({
    queryKey: validateInvitationQueryKey(token ?? ""),
    queryFn: () => validateInvitation(token ?? ""),
    enabled: Boolean(token),
  });
}

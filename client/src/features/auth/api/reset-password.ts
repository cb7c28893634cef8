import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { passwordResetSchema } from "@shared/schema";
import { toastError } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { authKeys } from "@/lib/query-keys";
import type { SessionUser } from "./get-user";

export interface ResetValidation {
  valid: boolean;
  username: string | null;
}

// The token comes from a link someone pasted, so it is encoded rather than trusted as a path part.
export const validateReset = (token: string) =>
  apiJson<ResetValidation>("GET", `/api/password-reset/validate/${encodeURIComponent(token)}`);

export function useValidateReset(token: string) {
  return useQuery({ queryKey: authKeys.resetCheck(token), queryFn: () => validateReset(token) });
}

export type ResetPasswordInput = z.output<typeof passwordResetSchema>;

export const resetPassword = (input: ResetPasswordInput) => apiJson<SessionUser>("POST", "/api/password-reset", input);

/** Sets the new password; the server signs the person in, so the app opens signed in. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: (user) => {
      queryClient.removeQueries({ queryKey: authKeys.resetChecks });
      queryClient.setQueryData(authKeys.user, user);
    },
    onError: (error) => {
      toastError("Could not set the new password", errorMessage(error));
    },
  });
}

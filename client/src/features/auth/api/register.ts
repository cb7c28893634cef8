import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { registerSchema } from "@shared/schema";
import { toastError } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { authKeys } from "@/lib/query-keys";
import type { SessionUser } from "./get-user";

export type RegisterInput = z.output<typeof registerSchema>;

export const register = (input: RegisterInput) => apiJson<SessionUser>("POST", "/api/register", input);

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.user, user);
      // The invitation is used up; its cached "valid" answer must not be reused.
      queryClient.removeQueries({ queryKey: authKeys.invitationChecks });
      queryClient.setQueryData(authKeys.needsSetup, { needsSetup: false });
    },
    onError: (error) => {
      toastError("Registration failed", errorMessage(error));
    },
  });
}

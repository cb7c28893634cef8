import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { registerSchema } from "@shared/schema";
import { toastError } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { userQueryKey, type SessionUser } from "./get-user";
import { needsSetupQueryKey } from "./get-needs-setup";

export type RegisterInput = z.output<typeof registerSchema>;

export const register = (input: RegisterInput) => apiJson<SessionUser>("POST", "/api/register", input);

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      // The invitation is used up; its cached "valid" answer must not be reused.
      queryClient.removeQueries({ queryKey: ["/api/invitations/validate"] });
      queryClient.setQueryData(needsSetupQueryKey, { needsSetup: false });
    },
    onError: (error) => {
      toastError("Registration failed", errorMessage(error));
    },
  });
}

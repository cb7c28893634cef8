import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { loginSchema } from "@shared/schema";
import { toastError } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { authKeys } from "@/lib/query-keys";
import type { SessionUser } from "./get-user";

export type LoginInput = z.output<typeof loginSchema>;

export const login = (input: LoginInput) => apiJson<SessionUser>("POST", "/api/login", input);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.user, user);
    },
    onError: (error) => {
      toastError("Login failed", errorMessage(error));
    },
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { changePasswordSchema } from "@shared/schema";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiRequest, changingOwnSession, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { accountKeys } from "@/lib/query-keys";

export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

// The server ends every session and starts this one afresh: requests sent meanwhile may be refused.
export const changePassword = (input: ChangePasswordInput) => changingOwnSession(() => apiRequest("POST", "/api/account/password", input).then(() => undefined));

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      toastSuccess("Password changed", "You were signed out everywhere else.");
      return invalidate(queryClient, accountKeys.sessions);
    },
    onError: (error) => {
      toastError("Failed to change password", errorMessage(error));
    },
  });
}

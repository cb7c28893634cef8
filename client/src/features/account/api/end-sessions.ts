import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiJson, apiRequest, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { accountKeys } from "@/lib/query-keys";

export const endSession = async (id: string) => {
  await apiRequest("DELETE", `/api/account/sessions/${encodeURIComponent(id)}`);
};

export const endOtherSessions = () => apiJson<{ count: number }>("POST", "/api/account/sessions/sign-out-others");

function useSessionsChange<T, R>(fn: (arg: T) => Promise<R>, success: (result: R) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (result) => {
      toastSuccess(success(result));
      return invalidate(queryClient, accountKeys.sessions);
    },
    onError: (error) => {
      toastError("Failed to sign out", errorMessage(error));
      void invalidate(queryClient, accountKeys.sessions);
    },
  });
}

export const useEndSession = () => useSessionsChange(endSession, () => "Signed out that session");

export const useEndOtherSessions = () =>
  useSessionsChange(endOtherSessions, ({ count }) => (count === 1 ? "Signed out 1 other session" : `Signed out ${count} other sessions`));

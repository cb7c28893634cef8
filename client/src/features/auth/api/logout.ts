import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { toastError } from "@/components/ui/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { clearOfflineReads } from "@/lib/offline-reads";
import { authKeys } from "@/lib/first-page-query-keys";

export const logout = async () => {
  await apiRequest("POST", "/api/logout");
};

/**
 * Forgets everything the previous user could see. The session entry is set to null first, so
 * mounted screens re-render as signed out before their data disappears.
 */
export function clearSession(queryClient: QueryClient) {
  void queryClient.cancelQueries();
  queryClient.setQueryData(authKeys.user, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.user[0] });
  // The service worker's copies of the lists and of who was signed in go too.
  void clearOfflineReads();
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => clearSession(queryClient),
    onError: (error) => {
      toastError("Logout failed", errorMessage(error));
    },
  });
}

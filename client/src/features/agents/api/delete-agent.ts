import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiRequest } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { listingChangeKeys } from "@/lib/query-keys";

export const deleteAgent = async (id: string) => {
  await apiRequest("DELETE", `/api/agents/${encodeURIComponent(id)}`);
};

export function useDeleteAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAgent,
    onSuccess: () => {
      toastSuccess("Agent deleted successfully");
      // Its listings are now unassigned: the lists and their filters must show that.
      return invalidate(queryClient, ...listingChangeKeys);
    },
    onError: () => {
      toastError("Failed to delete agent. Please try again.");
      // It may already be gone (deleted elsewhere): show the directory as it is now.
      void invalidate(queryClient, ...listingChangeKeys);
    },
  });
}

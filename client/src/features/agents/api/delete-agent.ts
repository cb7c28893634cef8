import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { invalidateListings } from "@/features/listings/api/invalidate-listings";
import { apiRequest } from "@/lib/api-client";

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
      return invalidateListings(queryClient);
    },
    onError: () => {
      toastError("Failed to delete agent. Please try again.");
      // It may already be gone (deleted elsewhere): show the directory as it is now.
      void invalidateListings(queryClient);
    },
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AgentWithCount } from "@shared/schema";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { invalidateListings } from "@/features/listings/api/invalidate-listings";
import { apiJson, errorMessage } from "@/lib/api-client";
import type { AgentInput } from "./create-agent";

export const updateAgent = ({ id, values }: { id: string; values: Partial<AgentInput> }) =>
  apiJson<AgentWithCount>("PATCH", `/api/agents/${encodeURIComponent(id)}`, values);

export function useUpdateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgent,
    onSuccess: () => {
      toastSuccess("Agent updated successfully");
      // Listings show their agent's name, so a rename refreshes them along with the directory.
      return invalidateListings(queryClient);
    },
    onError: (error) => {
      toastError("Failed to update agent", errorMessage(error, "Please try again."));
    },
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { listingChangeKeys } from "@/lib/query-keys";
import type { AgentInput } from "./create-agent";
import type { AgentWithCount } from "./get-agents";

export const updateAgent = ({ id, values }: { id: string; values: Partial<AgentInput> }) =>
  apiJson<AgentWithCount>("PATCH", `/api/agents/${encodeURIComponent(id)}`, values);

export function useUpdateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgent,
    onSuccess: () => {
      toastSuccess("Agent updated successfully");
      // Listings show their agent's name, so a rename refreshes them along with the directory.
      return invalidate(queryClient, ...listingChangeKeys);
    },
    onError: (error) => {
      toastError("Failed to update agent", errorMessage(error, "Please try again."));
    },
  });
}

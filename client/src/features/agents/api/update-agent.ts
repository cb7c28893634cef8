import { useMutation, useQueryClient } from "@tanstack/react-query";
import { versionTag } from "@shared/edit-conflicts";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiJson, editConflictOf, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { listingChangeKeys } from "@/lib/query-keys";
import type { AgentInput } from "./create-agent";
import type { AgentWithCount } from "./get-agents";

export interface UpdateAgentInput {
  id: string;
  values: Partial<AgentInput>;
  /** The version the edit started from, sent as If-Match. */
  version?: number;
}

export const updateAgent = ({ id, values, version }: UpdateAgentInput) =>
  apiJson<AgentWithCount>(
    "PATCH",
    `/api/agents/${encodeURIComponent(id)}`,
    values,
    version === undefined ? undefined : { "If-Match": versionTag("agent", id, version) },
  );

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
      // A conflict is shown in the form itself, with the choice to make.
      if (editConflictOf(error)) return;
      toastError("Failed to update agent", errorMessage(error, "Please try again."));
    },
  });
}

// Linking an agent profile to a member (admins) and making one's own (Your account).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { agentKeys } from "@/lib/query-keys";
import type { AgentWithCount } from "./get-agents";

export const linkAgent = ({ id, userId }: { id: string; userId: number | null }) =>
  apiJson<AgentWithCount>("PATCH", `/api/agents/${encodeURIComponent(id)}`, { userId });

export function useLinkAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkAgent,
    onSuccess: (agent) => toastSuccess(agent.userId === null ? `${agent.name} is no longer linked to a member` : `${agent.name} is linked`),
    onError: (error) => toastError("The link was not saved", errorMessage(error, "Please try again.")),
    onSettled: () => invalidate(queryClient, agentKeys.all),
  });
}

export const createOwnProfile = (values: { name?: string; phone?: string }) => apiJson<AgentWithCount>("POST", "/api/account/agent-profile", values);

export function useCreateOwnProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOwnProfile,
    onSuccess: () => toastSuccess("Your agent profile is ready"),
    onError: (error) => toastError("Your profile was not made", errorMessage(error, "Please try again.")),
    onSettled: () => invalidate(queryClient, agentKeys.all),
  });
}

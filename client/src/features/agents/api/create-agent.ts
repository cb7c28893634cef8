import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { insertAgentSchema } from "@shared/schema";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { agentKeys } from "@/lib/query-keys";
import type { AgentWithCount } from "./get-agents";

export type AgentInput = z.output<typeof insertAgentSchema>;

export const createAgent = (input: AgentInput) => apiJson<AgentWithCount>("POST", "/api/agents", input);

export function useCreateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgent,
    onSuccess: () => {
      toastSuccess("Agent created successfully");
      return invalidate(queryClient, agentKeys.all);
    },
    onError: (error) => {
      toastError("Failed to create agent", errorMessage(error, "Failed to create agent"));
    },
  });
}

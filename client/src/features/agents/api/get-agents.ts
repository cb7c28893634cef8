import { useQuery } from "@tanstack/react-query";
import type { AgentWithCount as AgentWithCountDto } from "@shared/schema";
import type { Wire } from "@shared/wire";
import { apiJson } from "@/lib/api-client";
import { agentKeys } from "@/lib/first-page-query-keys";

/** An agent with its listing count, as it arrives in JSON. */
export type AgentWithCount = Wire<AgentWithCountDto>;

export const getAgents = () => apiJson<AgentWithCount[]>("GET", "/api/agents");

export function useAgents() {
  return useQuery({ queryKey: agentKeys.all, queryFn: getAgents });
}

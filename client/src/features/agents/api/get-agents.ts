import { useQuery } from "@tanstack/react-query";
import type { AgentWithCount } from "@shared/schema";
import { apiJson } from "@/lib/api-client";

export const agentsQueryKey = ["/api/agents"] as const;

export const getAgents = () => apiJson<AgentWithCount[]>("GET", "/api/agents");

export function useAgents() {
  return useQuery({ queryKey: agentsQueryKey, queryFn: getAgents });
}

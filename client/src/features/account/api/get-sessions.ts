import { useQuery } from "@tanstack/react-query";
import type { AccountSessionDto } from "@shared/schema";
import { apiJson } from "@/lib/api-client";
import { accountKeys } from "@/lib/query-keys";

export type SessionItem = AccountSessionDto;

export const getSessions = () => apiJson<SessionItem[]>("GET", "/api/account/sessions");

export function useSessions() {
  return useQuery({ queryKey: accountKeys.sessions, queryFn: getSessions });
}

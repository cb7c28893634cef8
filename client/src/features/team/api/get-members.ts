import { useQuery } from "@tanstack/react-query";
import type { TeamMemberDto } from "@shared/schema";
import type { Wire } from "@shared/wire";
import { apiJson } from "@/lib/api-client";
import { memberKeys } from "@/lib/query-keys";

/** A teammate as it arrives over JSON (dates are ISO strings). */
export type MemberItem = Wire<TeamMemberDto>;

export const getMembers = () => apiJson<MemberItem[]>("GET", "/api/team/members");

export function useMembers() {
  return useQuery({ queryKey: memberKeys.all, queryFn: getMembers });
}

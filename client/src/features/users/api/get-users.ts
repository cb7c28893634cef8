import { useQuery } from "@tanstack/react-query";
import type { PublicUser } from "@shared/schema";
import type { Wire } from "@shared/wire";
import { apiJson } from "@/lib/api-client";
import { userKeys } from "@/lib/query-keys";

export const getUsers = () => apiJson<Wire<PublicUser>[]>("GET", "/api/users");

/** Everyone on the team (the mention picker and mention highlighting read it). */
export function useUsers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: userKeys.all, queryFn: getUsers, enabled });
}

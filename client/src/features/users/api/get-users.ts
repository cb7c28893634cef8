import { useQuery } from "@tanstack/react-query";
import type { PublicUser } from "@shared/schema";
import { apiJson } from "@/lib/api-client";

export const usersQueryKey = ["/api/users"] as const;

export const getUsers = () => apiJson<PublicUser[]>("GET", "/api/users");

/** Everyone on the team (the mention picker and mention highlighting read it). */
export function useUsers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: usersQueryKey, queryFn: getUsers, enabled });
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicUser } from "@shared/schema";
import { getQueryFn } from "@/lib/query-client";

export type SessionUser = PublicUser;

export const userQueryKey = ["/api/user"] as const;

/** The signed-in user, or null when signed out (a 401 here is an answer, not an error). */
export const getUser = getQueryFn<SessionUser>({ on401: "returnNull" });

export const userQueryOptions = queryOptions({
  queryKey: userQueryKey,
  queryFn: getUser,
});

export function useUser() {
  const query = useQuery(userQueryOptions);
  return { ...query, user: query.data ?? null };
}

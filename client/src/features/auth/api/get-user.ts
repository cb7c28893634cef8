import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicUser } from "@shared/schema";
import type { Wire } from "@shared/wire";
import { getQueryFn } from "@/lib/query-client";
import { authKeys } from "@/lib/first-page-query-keys";

/** The signed-in user, as it arrives in JSON. */
export type SessionUser = Wire<PublicUser>;

/** The signed-in user, or null when signed out (a 401 here is an answer, not an error). */
export const getUser = getQueryFn<SessionUser>({ on401: "returnNull" });

export const userQueryOptions = queryOptions({
  queryKey: authKeys.user,
  queryFn: getUser,
});

export function useUser() {
  const query = useQuery(userQueryOptions);
  return { ...query, user: query.data ?? null };
}

import { MutationCache, QueryCache, QueryClient, type QueryFunction } from "@tanstack/react-query";
import { ApiError, sessionStamp, throwIfNotOk, whenSessionSettled } from "./api-client";
import { noteRead, readRound } from "./read-positions";
import { retriedErrorToasts } from "./retried-error-toasts";

type UnauthorizedBehavior = "returnNull" | "throw";

/**
 * The default fetch of spec §7: GET the path made by joining the query key with "/", parsed JSON.
 * Session reads pass on401 "returnNull" because a 401 there means "signed out", not a failure.
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = queryKey.map(String).join("/");
    const stamp = sessionStamp();
    const sent = readRound();
    const res = await fetch(url, { credentials: "include", signal });
    // Most reads come this way (the session's first): where each began starts the event stream.
    noteRead(res.headers, sent);
    if (on401 === "returnNull" && res.status === 401 && !stamp()) return null;
    await throwIfNotOk(res, stamp);
    return (await res.json()) as T;
  };
}

export interface QueryClientHooks {
  /** Called when any call answers 401 ("the session has ended"). */
  onUnauthorized?: (error: ApiError) => void;
}

/**
 * Spec §7/§9: nothing is retried and nothing refetches by itself; data changes only when a
 * mutation invalidates it (or a query opts into polling, like notifications). Offline:
 * a read still goes out, so the service
 * worker's last copy can answer it; a write goes out and fails at once, with its error toast and
 * its optimistic change undone, instead of waiting silently for the network; and the screens'
 * data is read again when the connection comes back. An error toast goes away when the same
 * action then succeeds (retried-error-toasts.ts).
 */
export function createQueryClient(hooks: QueryClientHooks = {}) {
  const report = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401 && !error.crossedSessionChange) hooks.onUnauthorized?.(error);
  };
  const retried = retriedErrorToasts();
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        report(error);
        // Sent with the cookie this tab's session change replaced: read it again under the new one.
        if (error instanceof ApiError && error.crossedSessionChange) {
          void whenSessionSettled().then(() => client.invalidateQueries({ queryKey: query.queryKey, exact: true }));
        }
      },
    }),
    mutationCache: new MutationCache({
      onMutate: retried.onMutate,
      onSuccess: retried.onSuccess,
      onError: (error, ...rest) => {
        report(error);
        retried.onError(error, ...rest);
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        retry: false,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: "always",
        staleTime: Infinity,
        networkMode: "offlineFirst",
      },
      mutations: { retry: false, networkMode: "always" },
    },
  });
  return client;
}

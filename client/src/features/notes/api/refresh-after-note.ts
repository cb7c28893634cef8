import type { QueryClient } from "@tanstack/react-query";

/**
 * A note changes the listing's notes and its noteCount (the lists' With Notes filter), so every
 * query under /api/listings is refreshed: the lists, the single listing and its notes.
 */
export function refreshAfterNote(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => typeof queryKey[0] === "string" && queryKey[0].startsWith("/api/listings"),
  });
}

import { useInfiniteQuery } from "@tanstack/react-query";
import type { ActivityPage } from "@shared/audit";
import { apiJson } from "@/lib/api-client";
import { listingKeys } from "@/lib/query-keys";

export const getListingActivity = (id: string, cursor: string | null) =>
  apiJson<ActivityPage>("GET", `/api/listings/${encodeURIComponent(id)}/activity${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`);

/**
 * A listing's timeline, newest first, a page at a time ("Load more"). Its key sits under the
 * listing's, so every change to listings refreshes it with the rest (lib/query-keys.ts).
 */
export function useListingActivity(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: listingKeys.activity(id),
    queryFn: ({ pageParam }) => getListingActivity(id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

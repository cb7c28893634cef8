import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { listingKeys } from "@/lib/query-keys";
import type { ListingWithMeta } from "./listing-types";

export const getListing = (id: string) => apiJson<ListingWithMeta>("GET", `/api/listings/${encodeURIComponent(id)}`);

// A remote model writes posts in the background (docs/decisions/030-posts-writing.md).
const PENDING_POSTS_POLL_MS = 2000;

interface UseListingOptions {
  enabled?: boolean;
  /** Read the listing again every 2 s while its posts are being written (the detail dialog). */
  pollPendingPosts?: boolean;
}

/** One listing with its posts; spec §7 fetches it only while something shows it (pass enabled). */
export function useListing(id: string | undefined, { enabled = true, pollPendingPosts = false }: UseListingOptions = {}) {
  return useQuery({
    queryKey: listingKeys.detail(id ?? ""),
    queryFn: () => getListing(id!),
    enabled: enabled && Boolean(id),
    refetchInterval: (query) =>
      pollPendingPosts && query.state.data?.postsStatus === "pending" ? PENDING_POSTS_POLL_MS : false,
  });
}

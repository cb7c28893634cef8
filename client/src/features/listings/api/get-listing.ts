import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { WAITS_FOR_STREAM } from "@/lib/live-stream-meta";
import { listingKeys } from "@/lib/query-keys";
import type { ListingWithMeta } from "./listing-types";

export const getListing = (id: string) => apiJson<ListingWithMeta>("GET", `/api/listings/${encodeURIComponent(id)}`);

/**
 * One listing with its posts; spec §7 fetches it only while something shows it (pass enabled).
 * Posts a remote model writes in the background arrive as
 * the stream's `listings` event for this listing, which reads it again: nothing polls.
 */
export function useListing(id: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: listingKeys.detail(id ?? ""),
    queryFn: () => getListing(id!),
    enabled: enabled && Boolean(id),
    meta: WAITS_FOR_STREAM,
  });
}

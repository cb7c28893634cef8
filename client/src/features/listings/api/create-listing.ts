import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { postsReadyMessage } from "@shared/posts";
import type { InsertListing } from "@shared/schema";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiJson, ApiError } from "@/lib/api-client";
import { onLiveEvent } from "@/lib/live-events";
import { invalidate } from "@/lib/query-cache";
import { listingChangeKeys, listingKeys } from "@/lib/query-keys";
import { getListing } from "./get-listing";
import type { ListingWithMeta } from "./listing-types";
import { whenPostsWritten } from "./when-posts-written";

/** Spec §9: the posts-ready toast follows creation by 2 seconds. */
export const POSTS_READY_DELAY_MS = 2_000;
// A remote model takes at most 2 × 30 s plus the built-in fallback; the
// wait ends well after that so a lost listing is not waited for forever.
const POSTS_WAIT_LIMIT_MS = 3 * 60_000;

// Spec §7: imageUrl is always sent, empty when the listing has no image.
export const createListing = (input: InsertListing) =>
  apiJson<ListingWithMeta>("POST", "/api/listings", { ...input, imageUrl: input.imageUrl ?? "" });

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The stream's `listings` events, and its resyncs (which may hide one), for whenPostsWritten.
const listenForListingChanges = (changed: (payload: unknown) => void) => {
  const stops = [onLiveEvent("listings", changed), onLiveEvent("resync", () => changed(null))];
  return () => stops.forEach((stop) => stop());
};

/**
 * Announces the posts once they exist. The built-in writer answers with them; a remote model
 * answers "pending" and writes them in the background, and the event stream says when.
 * Runs outside React: the dialog has closed by then.
 */
async function announcePostsReady(queryClient: QueryClient, created: ListingWithMeta) {
  await wait(POSTS_READY_DELAY_MS);
  let listing = created;
  if (listing.postsStatus === "pending") {
    const written = await whenPostsWritten(created.id, { read: getListing, listen: listenForListingChanges, limitMs: POSTS_WAIT_LIMIT_MS });
    if (!written) return;
    listing = written;
    queryClient.setQueryData(listingKeys.detail(listing.id), listing);
  }
  // Which writer wrote them: a model's posts are "AI-generated", the built-in writer's say so.
  toastSuccess(postsReadyMessage(listing.postsWriter));
}

export function useCreateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createListing,
    onSuccess: (listing) => {
      toastSuccess("Listing created successfully");
      void announcePostsReady(queryClient, listing);
      return invalidate(queryClient, ...listingChangeKeys);
    },
    onError: (error) => {
      const invalid = error instanceof ApiError && error.status === 400;
      toastError(
        "Failed to create listing. Please try again.",
        invalid ? "Check the highlighted fields." : undefined,
      );
    },
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast, toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { listingChangeKeys, listingKeys } from "@/lib/query-keys";
import type { ListingWithMeta } from "./listing-types";

export interface RegeneratePostsInput {
  id: string;
  /** Keep the posts people edited; the spec's call sends no body. */
  keepEdited?: boolean;
}

/** Writes ten new posts (also "Generate Posts" for a listing that has none). */
export const regeneratePosts = ({ id, keepEdited }: RegeneratePostsInput) =>
  apiJson<ListingWithMeta>("POST", `/api/listings/${encodeURIComponent(id)}/regenerate-posts`, keepEdited ? { keepEdited } : undefined);

export function useRegeneratePosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regeneratePosts,
    onSuccess: (listing) => {
      // The reply is the whole listing: show its posts now rather than after another read.
      queryClient.setQueryData(listingKeys.detail(listing.id), listing);
      if (listing.postsStatus === "pending") {
        toast({ title: "Writing new posts", description: "They will appear here in a moment." });
      } else {
        toastSuccess("New posts are ready");
      }
      void invalidate(queryClient, ...listingChangeKeys);
    },
    onError: (error) => {
      toastError("Failed to regenerate posts. Please try again.", errorMessage(error));
    },
  });
}

// One post at a time (docs/decisions/171-posts-storage-and-freshness.md): write it again, save a person's text, mark it posted.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EditPostRequest } from "@shared/posts";
import { toastError } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { listingKeys } from "@/lib/query-keys";
import type { ListingWithMeta } from "./listing-types";

interface PostRef {
  listingId: string;
  /** From 0: "Post 1" is index 0. */
  index: number;
}

const postUrl = ({ listingId, index }: PostRef) => `/api/listings/${encodeURIComponent(listingId)}/posts/${index}`;

export const regeneratePost = (ref: PostRef) => apiJson<ListingWithMeta>("POST", `${postUrl(ref)}/regenerate`);
export const editPost = ({ edit, ...ref }: PostRef & { edit: EditPostRequest }) => apiJson<ListingWithMeta>("PATCH", postUrl(ref), edit);

/** The reply is the whole listing: the dialog shows it at once. Posts are not in the lists, so nothing else changes. */
function useShowListing() {
  const queryClient = useQueryClient();
  return (listing: ListingWithMeta) => queryClient.setQueryData(listingKeys.detail(listing.id), listing);
}

export function useRegeneratePost() {
  const show = useShowListing();
  return useMutation({
    mutationFn: regeneratePost,
    onSuccess: show,
    onError: (error) => toastError("Failed to regenerate the post. Please try again.", errorMessage(error)),
  });
}

/**
 * Puts the public page's current link into the posts that lack it;
 * an edited post it does not fit stays as it is.
 */
export function useAddPageLink(listingId: string) {
  const show = useShowListing();
  return useMutation({
    mutationFn: () => apiJson<ListingWithMeta>("POST", `/api/listings/${encodeURIComponent(listingId)}/posts/page-link`),
    onSuccess: show,
    onError: (error) => toastError("Failed to add the page's link to the posts. Please try again.", errorMessage(error)),
  });
}

/** Errors are the caller's to show (the edit form shows them under the text). */
export function useEditPost() {
  const show = useShowListing();
  return useMutation({ mutationFn: editPost, onSuccess: show });
}

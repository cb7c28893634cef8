import { useQuery } from "@tanstack/react-query";
import type { WishCommentDto } from "@shared/schema";
import { apiJson } from "@/lib/api-client";

/** A comment as it arrives over JSON (dates are ISO strings). */
export type WishCommentItem = Omit<WishCommentDto, "createdAt"> & { createdAt: string };

export const wishCommentsQueryKey = (wishId: number) => ["/api/wishes", wishId, "comments"] as const;

export const getWishComments = (wishId: number) => apiJson<WishCommentItem[]>("GET", `/api/wishes/${wishId}/comments`);

/** A wish's comments, oldest first; read only once the wish is opened. */
export function useWishComments(wishId: number, { enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: wishCommentsQueryKey(wishId), queryFn: () => getWishComments(wishId), enabled });
}

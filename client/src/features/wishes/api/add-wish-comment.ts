import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { wishKeys } from "@/lib/query-keys";
import type { WishCommentItem } from "./get-wish-comments";

export interface AddWishCommentInput {
  wishId: number;
  comment: string;
}

export const addWishComment = ({ wishId, comment }: AddWishCommentInput) =>
  apiJson<WishCommentItem>("POST", `/api/wishes/${wishId}/comments`, { comment });

/** The comment appears in the open thread; the wish's comment count follows (wishKeys.all covers both). */
export function useAddWishComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWishComment,
    onSettled: () => invalidate(queryClient, wishKeys.all),
  });
}

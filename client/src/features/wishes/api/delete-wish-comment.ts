import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { wishKeys } from "@/lib/query-keys";
import type { WishCommentItem } from "./get-wish-comments";

export const deleteWishComment = async (comment: Pick<WishCommentItem, "id" | "wishId">) => {
  await apiRequest("DELETE", `/api/wishes/comments/${comment.id}`);
};

export function useDeleteWishComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWishComment,
    onSettled: () => invalidate(queryClient, wishKeys.all),
  });
}

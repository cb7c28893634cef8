import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { wishCommentsQueryKey, type WishCommentItem } from "./get-wish-comments";
import { wishesQueryKey } from "./get-wishes";

export const deleteWishComment = async (comment: Pick<WishCommentItem, "id" | "wishId">) => {
  await apiRequest("DELETE", `/api/wishes/comments/${comment.id}`);
};

export function useDeleteWishComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWishComment,
    onSettled: (_result, _error, { wishId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: wishCommentsQueryKey(wishId) }),
        queryClient.invalidateQueries({ queryKey: wishesQueryKey }),
      ]),
  });
}

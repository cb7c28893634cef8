import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { wishCommentsQueryKey, type WishCommentItem } from "./get-wish-comments";
import { wishesQueryKey } from "./get-wishes";

export interface AddWishCommentInput {
  wishId: number;
  comment: string;
}

export const addWishComment = ({ wishId, comment }: AddWishCommentInput) =>
  apiJson<WishCommentItem>("POST", `/api/wishes/${wishId}/comments`, { comment });

/** The comment appears in the open thread; the wish's comment count follows. */
export function useAddWishComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWishComment,
    onSettled: (_comment, _error, { wishId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: wishCommentsQueryKey(wishId) }),
        queryClient.invalidateQueries({ queryKey: wishesQueryKey }),
      ]),
  });
}

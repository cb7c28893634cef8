import { useQuery } from "@tanstack/react-query";
import type { WishCommentDto } from "@shared/schema";
import type { Wire } from "@shared/wire";
import { apiJson } from "@/lib/api-client";
import { wishKeys } from "@/lib/query-keys";

/** A comment as it arrives over JSON (dates are ISO strings). */
export type WishCommentItem = Wire<WishCommentDto>;

export const getWishComments = (wishId: number) => apiJson<WishCommentItem[]>("GET", `/api/wishes/${wishId}/comments`);

/** A wish's comments, oldest first; read only once the wish is opened. */
export function useWishComments(wishId: number, { enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: wishKeys.comments(wishId), queryFn: () => getWishComments(wishId), enabled });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { patchWishSchema } from "@shared/schema";
import { toastSuccess } from "@/components/ui/use-toast";
import { apiJson } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { wishKeys } from "@/lib/query-keys";
import type { WishItem } from "./get-wishes";

export interface UpdateWishInput {
  id: number;
  changes: z.output<typeof patchWishSchema>;
}

export const updateWish = ({ id, changes }: UpdateWishInput) => apiJson<WishItem>("PATCH", `/api/wishes/${id}`, changes);

export function useUpdateWish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWish,
    onSuccess: () => {
      toastSuccess("Wish updated");
      return invalidate(queryClient, wishKeys.all);
    },
  });
}

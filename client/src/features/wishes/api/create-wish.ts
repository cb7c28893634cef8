import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { insertWishSchema } from "@shared/schema";
import { toastSuccess } from "@/components/ui/use-toast";
import { apiJson } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { wishKeys } from "@/lib/query-keys";
import type { WishItem } from "./get-wishes";

export type CreateWishInput = z.output<typeof insertWishSchema>;

export const createWish = (input: CreateWishInput) => apiJson<WishItem>("POST", "/api/wishes", input);

// Spec §8: wish and comment mutations show no error message; the form keeps what was typed.
export function useCreateWish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWish,
    onSuccess: () => {
      toastSuccess("Your wish has been added to the list");
      return invalidate(queryClient, wishKeys.all);
    },
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastSuccess } from "@/components/ui/use-toast";
import { apiRequest } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { wishKeys } from "@/lib/query-keys";

export const deleteWish = async (id: number) => {
  await apiRequest("DELETE", `/api/wishes/${id}`);
};

export function useDeleteWish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWish,
    onSuccess: () => {
      toastSuccess("Wish deleted");
      return invalidate(queryClient, wishKeys.all);
    },
    // Gone already, or still there: either way show the list as it is now.
    onError: () => invalidate(queryClient, wishKeys.all),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastSuccess } from "@/components/ui/use-toast";
import { apiRequest } from "@/lib/api-client";
import { wishesQueryKey } from "./get-wishes";

export const deleteWish = async (id: number) => {
  await apiRequest("DELETE", `/api/wishes/${id}`);
};

export function useDeleteWish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWish,
    onSuccess: () => {
      toastSuccess("Wish deleted");
      return queryClient.invalidateQueries({ queryKey: wishesQueryKey });
    },
    // Gone already, or still there: either way show the list as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: wishesQueryKey }),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Brand } from "@shared/brand";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { brandKeys } from "@/lib/query-keys";

export const updateBrand = (values: Partial<Brand>) => apiJson<Brand>("PUT", "/api/brand", values);

export function useUpdateBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBrand,
    onSuccess: (saved) => {
      queryClient.setQueryData(brandKeys.all, saved);
      toastSuccess("Brand saved");
    },
    onError: (error) => {
      toastError("Failed to save the brand", errorMessage(error));
    },
  });
}

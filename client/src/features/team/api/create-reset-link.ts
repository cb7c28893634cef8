import { useMutation } from "@tanstack/react-query";
import { toastError } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";

export const createResetLink = (id: number) => apiJson<{ resetLink: string }>("POST", `/api/team/members/${id}/reset-link`);

export function useCreateResetLink() {
  return useMutation({
    mutationFn: createResetLink,
    onError: (error) => {
      toastError("Failed to create reset link", errorMessage(error));
    },
  });
}

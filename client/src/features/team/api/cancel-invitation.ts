import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { invitationKeys } from "@/lib/query-keys";

export const cancelInvitation = async (id: number) => {
  await apiRequest("DELETE", `/api/invitations/${id}`);
};

export function useCancelInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelInvitation,
    onSuccess: () => {
      toastSuccess("Invitation cancelled");
      return invalidate(queryClient, invitationKeys.all);
    },
    onError: (error) => {
      toastError("Failed to cancel invitation", errorMessage(error));
      // It may have been accepted or cancelled elsewhere: show the list as it is now.
      void invalidate(queryClient, invitationKeys.all);
    },
  });
}

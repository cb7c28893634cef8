import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError } from "@/components/ui/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { changeOptimistically, invalidate } from "@/lib/query-cache";
import { notificationKeys } from "@/lib/query-keys";
import type { NotificationItem } from "./get-notifications";

export const markAllNotificationsRead = async () => {
  await apiRequest("POST", "/api/notifications/read-all");
};

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () =>
      changeOptimistically(queryClient, [notificationKeys.all], () =>
        queryClient.setQueryData<NotificationItem[]>(notificationKeys.all, (list) => list?.map((n) => ({ ...n, isRead: true }))),
      ),
    onError: (error) => {
      toastError("Failed to mark notifications as read", errorMessage(error));
    },
    onSettled: () => invalidate(queryClient, notificationKeys.all),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { changeOptimistically, invalidate, updateListItem } from "@/lib/query-cache";
import { notificationKeys } from "@/lib/query-keys";
import type { NotificationItem } from "./get-notifications";

export const markNotificationRead = async (id: number) => {
  await apiRequest("POST", `/api/notifications/${id}/read`);
};

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    // The badge drops at once; the refetch afterwards shows the server's truth either way.
    onMutate: (id) =>
      changeOptimistically(queryClient, [notificationKeys.all], () =>
        updateListItem<NotificationItem>(queryClient, notificationKeys.all, id, (n) => ({ ...n, isRead: true })),
      ),
    onSettled: () => invalidate(queryClient, notificationKeys.all),
  });
}

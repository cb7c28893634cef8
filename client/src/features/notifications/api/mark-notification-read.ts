import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { notificationsQueryKey, type NotificationItem } from "./get-notifications";

export const markNotificationRead = async (id: number) => {
  await apiRequest("POST", `/api/notifications/${id}/read`);
};

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    // The badge drops at once; the refetch afterwards shows the server's truth either way.
    onMutate: (id) => {
      queryClient.setQueryData<NotificationItem[]>(notificationsQueryKey, (list) =>
        list?.map((n) => (n.id === id ? { ...n, isRead: true } : n)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

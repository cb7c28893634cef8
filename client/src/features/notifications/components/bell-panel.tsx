import { useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { invalidate } from "@/lib/query-cache";
import { listingKeys } from "@/lib/query-keys";
import { getNotificationTarget } from "../api/get-notification-target";
import type { NotificationItem } from "../api/get-notifications";
import { useMarkAllNotificationsRead } from "../api/mark-all-notifications-read";
import { useMarkNotificationRead } from "../api/mark-notification-read";
import { NotificationPanel } from "./notification-panel";

interface BellPanelProps {
  notifications: NotificationItem[] | undefined;
  isPending: boolean;
  isError: boolean;
  unreadCount: number;
  /** Closes the popover (before the app moves to what a notification points at). */
  onClose(): void;
}

/**
 * The bell's panel with what it does: marking read and opening what a notification points at.
 * Loaded with the panel when the bell is first approached, so the shell carries only the bell.
 */
export function BellPanel({ onClose, ...panel }: BellPanelProps) {
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();

  const openNotification = async (notification: NotificationItem) => {
    onClose();
    if (!notification.isRead) markRead.mutate(notification.id);
    const target = await getNotificationTarget(notification);
    // A teammate's note (and maybe a status change) happened since the lists were read.
    void invalidate(queryClient, listingKeys.all);
    navigate(target);
  };

  return (
    <NotificationPanel
      {...panel}
      markingAll={markAllRead.isPending}
      onMarkAllRead={() => markAllRead.mutate()}
      onOpen={(n) => void openNotification(n)}
    />
  );
}

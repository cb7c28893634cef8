import { useQuery } from "@tanstack/react-query";
import type { NotificationDto } from "@shared/schema";
import type { Wire } from "@shared/wire";
import { apiJson } from "@/lib/api-client";
import { notificationKeys } from "@/lib/first-page-query-keys";

/** A notification as it arrives over JSON (dates are ISO strings). */
export type NotificationItem = Wire<NotificationDto>;

/** Spec §9: the bell polls every 5 seconds. */
export const NOTIFICATIONS_POLL_MS = 5000;

// A plain fetch on purpose: the reply carries an ETag with "no-cache", so the browser's HTTP
// cache revalidates each poll itself and an unchanged list comes back as a bodiless 304.
export const getNotifications = () => apiJson<NotificationItem[]>("GET", "/api/notifications");

/** The newest notifications, newest first. `poll` is off for bells that are not on screen. */
export function useNotifications({ poll }: { poll: boolean }) {
  return useQuery({
    queryKey: notificationKeys.all,
    queryFn: getNotifications,
    refetchInterval: poll ? NOTIFICATIONS_POLL_MS : false,
  });
}

import { AtSign, BellOff, CheckCheck, DatabaseBackup, Inbox, TriangleAlert } from "lucide-react";
import { INQUIRY_NOTICE } from "@shared/leads";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { formatShortDateTime, isoDate } from "@/lib/format-date";
import type { NotificationItem } from "../api/get-notifications";

interface NotificationPanelProps {
  notifications: NotificationItem[] | undefined;
  isPending: boolean;
  isError: boolean;
  unreadCount: number;
  markingAll: boolean;
  onMarkAllRead(): void;
  onOpen(notification: NotificationItem): void;
}

function PanelMessage({ icon, title, description }: { icon: ReactNode; title: string; description?: string }) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 px-6 text-center" role="status">
      <div className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">{icon}</div>
      <p className="text-sm font-medium text-foreground">{title}</p>
      {description ? <p className="text-xs text-muted-foreground">{description}</p> : null}
    </div>
  );
}

/** Each kind its own mark: an inquiry, a mention, or a notice about the workspace (a backup). */
function NotificationIcon({ notification }: { notification: NotificationItem }) {
  if (notification.type === INQUIRY_NOTICE) return <Inbox className="size-4" data-kind="inquiry" />;
  if (notification.noteId !== null) return <AtSign className="size-4" data-kind="mention" />;
  return <DatabaseBackup className="size-4" data-kind="notice" />;
}

function NotificationEntry({ notification, onOpen }: { notification: NotificationItem; onOpen(n: NotificationItem): void }) {
  const unread = !notification.isRead;
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(notification)}
        data-testid="notification-item"
        data-unread={unread || undefined}
        className={cn(
          "flex w-full gap-3 px-4 py-3 text-left transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-offset-[-2px]",
          unread && "bg-primary/[0.05]",
        )}
      >
        <span
          aria-hidden
          className={cn(
            "mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full",
            unread ? "bg-primary/12 text-primary" : "bg-muted text-muted-foreground",
          )}
        >
          <NotificationIcon notification={notification} />
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className={cn("text-sm leading-snug", unread ? "font-medium text-foreground" : "text-muted-foreground")}>
            {unread ? <span className="sr-only">Unread: </span> : null}
            {notification.message}
          </span>
          {notification.snippet ? (
            // What the note says, so the mention can be judged before opening it.
            <span className="line-clamp-2 break-words text-xs text-muted-foreground" data-testid="notification-snippet">
              “{notification.snippet}”
            </span>
          ) : null}
          <time dateTime={isoDate(notification.createdAt)} className="text-xs text-muted-foreground">
            {formatShortDateTime(notification.createdAt)}
          </time>
        </span>
        {unread ? <span aria-hidden className="mt-2 size-2 shrink-0 rounded-full bg-primary" /> : null}
      </button>
    </li>
  );
}

/** The bell's popover: header with Mark all read, then a 400 px list (spec §2). */
export function NotificationPanel({
  notifications,
  isPending,
  isError,
  unreadCount,
  markingAll,
  onMarkAllRead,
  onOpen,
}: NotificationPanelProps) {
  let body: ReactNode;
  if (notifications && notifications.length > 0) {
    body = (
      <ul className="divide-y" aria-label="Notifications">
        {notifications.map((n) => (
          <NotificationEntry key={n.id} notification={n} onOpen={onOpen} />
        ))}
      </ul>
    );
  } else if (notifications) {
    body = <PanelMessage icon={<BellOff className="size-5" aria-hidden />} title="No notifications yet" description="When a teammate @mentions you in a note, it shows up here." />;
  } else if (isError) {
    body = (
      <PanelMessage
        icon={<TriangleAlert className="size-5" aria-hidden />}
        title="Failed to load notifications"
        description="Please try again later"
      />
    );
  } else if (isPending) {
    body = (
      <div className="flex h-full items-center justify-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner label={null} />
        Loading notifications...
      </div>
    );
  }

  return (
    <div className="grid">
      <div className="flex items-center justify-between gap-2 border-b py-2 pl-4 pr-2">
        <div className="flex min-w-0 items-baseline gap-2 whitespace-nowrap">
          <h2 className="text-sm font-semibold">Notifications</h2>
          {unreadCount > 0 ? <span className="text-xs text-muted-foreground">{unreadCount} unread</span> : null}
        </div>
        <Button variant="ghost" size="sm" onClick={onMarkAllRead} disabled={unreadCount === 0 || markingAll} className="text-primary hover:text-primary">
          <CheckCheck aria-hidden />
          Mark all read
        </Button>
      </div>
      {/* Fixed at 400 px (spec §2); on a short phone screen it gives way to what fits. */}
      <div
        className="h-[400px] max-h-[calc(var(--radix-popover-content-available-height,100dvh)-3.5rem)] overflow-y-auto overscroll-contain"
        data-testid="notification-list"
      >
        {body}
      </div>
    </div>
  );
}

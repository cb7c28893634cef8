import { Bell } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { useNotifications } from "../api/get-notifications";
import { useOnScreen } from "./use-on-screen";

// The panel (with the date formatting it brings and what marks read and opens a notification)
// loads when the bell is first approached, so the shell every screen downloads carries only the
// bell and its badge.
const loadPanel = () => import("./bell-panel");
const BellPanel = lazy(async () => ({ default: (await loadPanel()).BellPanel }));
const preloadPanel = () => void loadPanel().catch(() => undefined);

/** Spec §9: the badge shows the count up to 9, then "9+". */
export const badgeLabel = (unread: number) => (unread > 9 ? "9+" : String(unread));

export function NotificationBell() {
  const [trigger, setTrigger] = useState<HTMLButtonElement | null>(null);
  const onScreen = useOnScreen(trigger);
  const notifications = useNotifications({ poll: onScreen });
  const [open, setOpen] = useState(false);

  const unread = notifications.data?.filter((n) => !n.isRead).length ?? 0;

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          ref={setTrigger}
          variant="ghost"
          size="icon-sm"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
          onPointerEnter={preloadPanel}
          onFocus={preloadPanel}
          className="relative text-muted-foreground hover:text-foreground data-[state=open]:bg-accent data-[state=open]:text-foreground"
        >
          <Bell aria-hidden />
          {unread > 0 ? (
            <span
              aria-hidden
              data-testid="notification-badge"
              className="absolute -right-0.5 -top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold leading-none tabular-nums text-destructive-foreground ring-2 ring-sidebar"
            >
              {badgeLabel(unread)}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-80 max-w-[calc(100vw-1rem)] overflow-hidden" aria-label="Notifications">
        <Suspense fallback={<div className="h-[449px] max-h-[var(--radix-popover-content-available-height)]" />}>
          <BellPanel
            notifications={notifications.data}
            isPending={notifications.isPending}
            isError={notifications.isError}
            unreadCount={unread}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      </PopoverContent>
    </Popover>
  );
}

import { Link, useLocation } from "wouter";
import { BrandMark } from "@/components/ui/brand-mark";
import type { SessionUser } from "@/features/auth/api/get-user";
import { NotificationBell } from "@/features/notifications/components/notification-bell";
import { cx } from "@/lib/cx";
import { NAV_ITEMS } from "./nav-items";
import { useNavCounts } from "./use-nav-counts";
import { UserMenu } from "./user-menu";

interface SidebarProps {
  user: SessionUser;
  /** Called when a link is followed (the phone drawer closes itself with it). */
  onNavigate?: () => void;
}

/** The sidebar's content, shared by the fixed desktop column and the phone drawer. */
export function Sidebar({ user, onNavigate }: SidebarProps) {
  const [location] = useLocation();
  const counts = useNavCounts();
  const items = NAV_ITEMS.filter((item) => !item.adminOnly || user.isAdmin);

  return (
    <div className="flex h-full flex-col bg-sidebar text-sidebar-foreground">
      <div className="flex h-14 shrink-0 items-center justify-between gap-2 px-4">
        <Link href="/" onClick={onNavigate} className="flex rounded-md pointer-coarse:min-h-11 pointer-coarse:items-center" aria-label="Listing Desk, Active Listings">
          <BrandMark />
        </Link>
        <NotificationBell />
      </div>

      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-2">
        <ul className="grid gap-0.5">
          {items.map((item) => {
            const active = location === item.href;
            const count = item.count ? counts[item.count] : undefined;
            const Icon = item.icon;
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  onClick={onNavigate}
                  aria-current={active ? "page" : undefined}
                  className={cx(
                    "group flex h-9 items-center gap-2.5 rounded-md pointer-coarse:h-11 px-2.5 text-sm font-medium transition-colors",
                    active
                      ? "bg-sidebar-accent text-foreground"
                      : "text-sidebar-foreground/80 hover:bg-sidebar-accent/70 hover:text-foreground",
                  )}
                >
                  <Icon
                    aria-hidden
                    className={cx("size-4 shrink-0", active ? "text-primary" : "text-muted-foreground group-hover:text-foreground")}
                  />
                  <span className="flex-1 truncate">{item.label}</span>
                  {count !== undefined ? (
                    <span
                      className={cx(
                        "min-w-6 rounded-full px-1.5 text-center text-2xs font-medium tabular-nums",
                        active ? "bg-surface text-foreground shadow-xs" : "text-muted-foreground",
                      )}
                      data-testid={`nav-count-${item.count}`}
                    >
                      {count.toLocaleString()}
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="shrink-0 border-t border-sidebar-border p-2">
        <UserMenu user={user} onNavigate={onNavigate} />
      </div>
    </div>
  );
}

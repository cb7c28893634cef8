import { ChevronsUpDown } from "lucide-react";
import { initials } from "@/components/ui/avatar";
import { DropdownMenu, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import type { SessionUser } from "@/features/auth/api/get-user";
import { chunkLoader } from "@/lib/chunk-loader";
import { useChunk } from "@/lib/use-chunk";

// The menu's items (and logout's code) show only once it opens, so they load when the page is
// idle after the first paint, or as the trigger is approached if that comes sooner; the trigger
// stays here. A menu opened before they arrive shows them when they do.
const menuItems = chunkLoader(() => import("./user-menu-items"));

export const roleLabel = (user: SessionUser) => (user.isAdmin ? "Admin" : "Team Member");

export function UserMenu({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  const items = useChunk(menuItems);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        onPointerEnter={menuItems.preload}
        onFocus={menuItems.preload}
        className="flex w-full items-center gap-3 rounded-lg p-2 text-left transition-colors hover:bg-sidebar-accent data-[state=open]:bg-sidebar-accent"
        aria-label={`${user.username} ${roleLabel(user)}, account menu`}
      >
        <span
          aria-hidden
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/12 text-xs font-semibold text-primary"
        >
          {initials(user.username)}
        </span>
        <span className="grid min-w-0 flex-1 leading-tight">
          <span className="truncate text-sm font-medium text-foreground" data-testid="sidebar-username">
            {user.username}
          </span>
          <span className="truncate text-xs text-muted-foreground" data-testid="sidebar-role">
            {roleLabel(user)}
          </span>
        </span>
        <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      </DropdownMenuTrigger>
      {items ? <items.UserMenuItems user={user} onNavigate={onNavigate} /> : null}
    </DropdownMenu>
  );
}

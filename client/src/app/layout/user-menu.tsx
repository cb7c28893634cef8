import { ChevronsUpDown, LogOut, Settings, UserRound } from "lucide-react";
import { useLocation } from "wouter";
import { initials } from "@/components/ui/avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { SessionUser } from "@/features/auth/api/get-user";
import { useLogout } from "@/features/auth/api/logout";

export const roleLabel = (user: SessionUser) => (user.isAdmin ? "Admin" : "Team Member");

export function UserMenu({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  const logout = useLogout();
  const [, navigate] = useLocation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
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
      <DropdownMenuContent side="top" align="start" className="w-(--radix-dropdown-menu-trigger-width) min-w-56">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="truncate text-sm font-medium text-foreground">{user.username}</span>
          {user.email ? <span className="truncate font-normal">{user.email}</span> : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => {
            onNavigate?.();
            navigate("/account");
          }}
        >
          <UserRound aria-hidden />
          Your account
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => {
            onNavigate?.();
            navigate("/settings");
          }}
        >
          <Settings aria-hidden />
          Settings
        </DropdownMenuItem>
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut aria-hidden />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

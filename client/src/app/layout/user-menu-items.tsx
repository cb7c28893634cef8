import { LogOut, Settings, UserRound } from "lucide-react";
import { useLocation } from "wouter";
import { DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from "@/components/ui/dropdown-menu";
import type { SessionUser } from "@/features/auth/api/get-user";
import { useLogout } from "@/features/auth/api/logout";

/** The account menu's open part: who is signed in, the account and settings pages, logout. */
export function UserMenuItems({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  const logout = useLogout();
  const [, navigate] = useLocation();
  return (
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
  );
}

import { Menu } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { BrandMark } from "@/components/ui/brand-mark";
import { Button } from "@/components/ui/button";
import { useUser } from "@/features/auth/api/get-user";
import { NotificationBell } from "@/features/notifications/components/notification-bell";
import { AppBanners } from "../pwa/app-banners";
import { MobileDrawer, MobileDrawerContent, MobileDrawerTrigger } from "./mobile-drawer";
import { Sidebar } from "./sidebar";
import { useScrollPerPage } from "./use-scroll-per-page";

// Tailwind's md breakpoint: from here up the sidebar is a fixed column and the drawer is not used.
const DESKTOP_QUERY = "(min-width: 768px)";

/** Signed-in chrome: fixed sidebar on desktop (w-64), top bar plus left drawer on phones. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { user } = useUser();
  const [location] = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);

  // The drawer never outlives the navigation it was used for. Closed while rendering the new
  // screen (React's "adjusting state when a prop changes"), not by an effect a frame later.
  const [drawerLocation, setDrawerLocation] = useState(location);
  if (drawerLocation !== location) {
    setDrawerLocation(location);
    setDrawerOpen(false);
  }

  // A new screen starts at its top; Back returns to where a screen was.
  useScrollPerPage(location);

  // Growing the window past the breakpoint would leave an invisible modal drawer trapping focus.
  useEffect(() => {
    const media = window.matchMedia(DESKTOP_QUERY);
    const close = () => media.matches && setDrawerOpen(false);
    media.addEventListener("change", close);
    return () => media.removeEventListener("change", close);
  }, []);

  if (!user) return null;

  return (
    <div className="min-h-dvh md:pl-64">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-surface px-3 py-2 text-sm font-medium shadow-overlay focus:not-sr-only focus:fixed focus:left-3 focus:top-3 pointer-coarse:focus:min-h-11"
      >
        Skip to content
      </a>

      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-sidebar-border md:block" data-testid="desktop-sidebar">
        <Sidebar user={user} />
      </aside>

      <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b bg-background/85 px-2 backdrop-blur supports-[backdrop-filter]:bg-background/70 md:hidden">
        {/* The menu button is the dialog's trigger, so closing the drawer returns focus to it. */}
        <MobileDrawer open={drawerOpen} onOpenChange={setDrawerOpen}>
          <MobileDrawerTrigger asChild>
            <Button variant="ghost" size="icon" aria-label="Open navigation">
              <Menu className="size-5" aria-hidden />
            </Button>
          </MobileDrawerTrigger>
          <MobileDrawerContent>
            <Sidebar user={user} onNavigate={() => setDrawerOpen(false)} />
          </MobileDrawerContent>
        </MobileDrawer>
        <Link href="/" className="flex min-h-11 items-center rounded-md" aria-label="Listing Desk, Active Listings">
          <BrandMark />
        </Link>
        <div className="ml-auto">
          <NotificationBell />
        </div>
      </header>

      <AppBanners />

      {/* On phones the page leaves room for a bar fixed to the bottom (the selection bar). */}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl px-4 pb-16 pt-6 outline-none max-sm:pb-[calc(4rem+var(--bottom-bar-height,0px))] sm:px-6 lg:px-10 lg:pt-10"
      >
        {children}
      </main>
    </div>
  );
}

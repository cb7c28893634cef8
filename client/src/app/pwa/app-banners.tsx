import { RefreshCw, WifiOff } from "lucide-react";
import { Button } from "@/components/ui/button";
import { reloadIntoUpdate, useUpdateWaiting } from "./service-worker";
import { useOnline } from "./use-online";

export const OFFLINE_MESSAGE = "You're offline. Changes can't be saved until you reconnect.";

/**
 * Notices about the app itself, above the page's content and below the phone's top bar (never
 * over the menu or the bell): no connection, and a new version waiting for a reload.
 */
export function AppBanners() {
  const online = useOnline();
  const updateWaiting = useUpdateWaiting();
  if (online && !updateWaiting) return null;
  return (
    <div className="sticky top-14 z-20 grid gap-px md:top-0">
      {online ? null : (
        <div role="status" className="flex items-center gap-2 bg-warning px-4 py-2 text-sm font-medium text-warning-foreground">
          <WifiOff className="size-4 shrink-0" aria-hidden />
          {OFFLINE_MESSAGE}
        </div>
      )}
      {updateWaiting ? (
        <div role="status" className="flex flex-wrap items-center gap-x-3 gap-y-1 bg-primary px-4 py-2 text-sm font-medium text-primary-foreground">
          <RefreshCw className="size-4 shrink-0" aria-hidden />
          A new version is available
          <Button size="sm" variant="secondary" onClick={reloadIntoUpdate}>
            Reload
          </Button>
        </div>
      ) : null}
    </div>
  );
}

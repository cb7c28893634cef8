import { RefreshCw, WifiOff } from "lucide-react";
import { Button } from "@/components/ui/button";
import { reloadIntoUpdate } from "./service-worker";
import { OFFLINE_MESSAGE } from "./use-online";

/** The banners drawn: no connection, and a new version waiting for a reload. */
export function AppBannerList({ online, updateWaiting }: { online: boolean; updateWaiting: boolean }) {
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

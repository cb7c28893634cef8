import { lazy, Suspense, useEffect } from "react";
import { whenIdle } from "@/lib/when-idle";
import { useUpdateWaiting } from "./service-worker";
import { useOnline } from "./use-online";

// The banners show only when something is wrong or new, so they are drawn by a chunk that loads
// when the page is idle after the first paint (the service worker keeps it for when the
// connection goes), or when one is first needed.
const loadList = () => import("./app-banner-list");
const AppBannerList = lazy(async () => ({ default: (await loadList()).AppBannerList }));

/**
 * Notices about the app itself, above the page's content and below the phone's top bar (never
 * over the menu or the bell): no connection, and a new version waiting for a reload.
 */
export function AppBanners() {
  const online = useOnline();
  const updateWaiting = useUpdateWaiting();
  useEffect(() => whenIdle(() => void loadList().catch(() => undefined)), []);
  if (online && !updateWaiting) return null;
  return (
    <Suspense fallback={null}>
      <AppBannerList online={online} updateWaiting={updateWaiting} />
    </Suspense>
  );
}

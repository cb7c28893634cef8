import { chunkLoader } from "@/lib/chunk-loader";
import { useChunk } from "@/lib/use-chunk";
import { useUpdateWaiting } from "./service-worker";
import { useOnline } from "./use-online";

// The banners show only when something is wrong or new, so they are drawn by a chunk that loads
// when the page is idle after the first paint (the service worker keeps it for when the
// connection goes), or when one is first needed; offline before it was ever fetched, the offline
// banner waits for the connection rather than taking the page down.
const bannerList = chunkLoader(() => import("./app-banner-list"));

/**
 * Notices about the app itself, above the page's content and below the phone's top bar (never
 * over the menu or the bell): no connection, and a new version waiting for a reload.
 */
export function AppBanners() {
  const online = useOnline();
  const updateWaiting = useUpdateWaiting();
  const list = useChunk(bannerList, !online || updateWaiting);
  if ((online && !updateWaiting) || !list) return null;
  return <list.AppBannerList online={online} updateWaiting={updateWaiting} />;
}

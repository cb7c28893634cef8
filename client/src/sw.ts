/// <reference lib="webworker" />
// The service worker (vite-plugin-pwa's injectManifest builds it with the precache list):
// the app shell from the cache, so the app opens offline after one visit; the last answers of a
// few list reads and the notes already opened, for reading offline; nothing else. API writes always go to the network and
// fail there when offline.
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
import { SKIP_WAITING } from "./app/pwa/take-over";
import { isOfflineRead, OFFLINE_READS_CACHE } from "./lib/offline-reads";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version installed serves the page that installed it at once, so its list reads are
// kept from the first visit; a later version waits for the person's Reload (see the page side).
clientsClaim();

// Every page of the SPA is index.html; API paths are never pages.
registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: [/^\/api\//] }));

// Network first: online, a read is always fresh (and the copy is refreshed); offline, the last
// copy answers. Only GETs reach a route, and only answers with status 200 are kept.
registerRoute(
  ({ url, request }) => request.method === "GET" && url.origin === self.location.origin && isOfflineRead(url.pathname),
  new NetworkFirst({ cacheName: OFFLINE_READS_CACHE }),
);

// The page asks the waiting worker to take over when the person chooses Reload.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING.type) void self.skipWaiting();
});

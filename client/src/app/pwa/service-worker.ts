// Registers the service worker (production builds only: the dev server has none) and tells the
// screens when a new version has been deployed, so the person chooses when to reload instead of
// the page changing under them.
import { useSyncExternalStore } from "react";

let updateWaiting = false;
let applyUpdate: ((reload?: boolean) => Promise<void>) | null = null;
const listeners = new Set<() => void>();

export function registerServiceWorker() {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  // The registration helper is a chunk of its own, off the first page: it registers the worker
  // after the page's load event anyway.
  void import("virtual:pwa-register").then(({ registerSW }) => {
    applyUpdate = registerSW({
      onNeedRefresh() {
        updateWaiting = true;
        for (const listener of listeners) listener();
      },
    });
  });
}

/** True once a newer version of the app is installed and waiting for a reload. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => updateWaiting,
    () => false,
  );
}

/** Lets the waiting version take over, then reloads the page into it. */
export function reloadIntoUpdate() {
  if (!applyUpdate) return window.location.reload();
  // The registration helper reloads by itself only on a page that was already controlled when it
  // registered; a page from the very first visit is reloaded here when the new version takes over.
  navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
  void applyUpdate(true);
}

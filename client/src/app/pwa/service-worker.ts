// Registers the service worker (production builds only: the dev server has none) and tells the
// screens when a new version has been deployed, so the person chooses when to reload instead of
// the page changing under them.
import { useSyncExternalStore } from "react";

let updateWaiting = false;
const listeners = new Set<() => void>();

let reloading = false;
/** One reload, however many signals of the takeover arrive (ours and the registration helper's). */
function reloadOnce() {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

export function registerServiceWorker() {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  // The registration helper is a chunk of its own, off the first page: it registers the worker
  // after the page's load event anyway.
  void import("virtual:pwa-register").then(({ registerSW }) => {
    registerSW({
      onNeedRefresh() {
        updateWaiting = true;
        for (const listener of listeners) listener();
      },
      // On a page already controlled when it registered, the helper reloads by itself when the
      // new version takes over; through the same once-only reload as the button's.
      onNeedReload: reloadOnce,
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

/** Lets the new version take over, then reloads the page into it (take-over.ts says how). */
export function reloadIntoUpdate() {
  if (!("serviceWorker" in navigator)) return reloadOnce();
  // A chunk of its own, off the first page like the registration helper (precached, so offline too).
  import("./take-over")
    .then(({ takeOverAndReload }) => takeOverAndReload(navigator.serviceWorker, reloadOnce))
    .catch(reloadOnce);
}

import { useSyncExternalStore } from "react";

/** What the banner and a page that could not load say while there is no connection. */
export const OFFLINE_MESSAGE = "You're offline. Changes can't be saved until you reconnect.";

const subscribe = (listener: () => void) => {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
};

/** Whether the browser believes it has a network connection (its online and offline events). */
export const useOnline = (): boolean =>
  useSyncExternalStore(subscribe, () => navigator.onLine, () => true);

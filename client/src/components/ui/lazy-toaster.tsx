import { useEffect, useSyncExternalStore } from "react";
import { chunkLoader } from "@/lib/chunk-loader";
import { whenIdle } from "@/lib/when-idle";
import { useToast } from "./use-toast";

const toaster = chunkLoader(() => import("./toaster"));

/**
 * The toast region (Radix's toast) loads after the first paint, or at once when a toast is shown
 * before that; the store (use-toast.ts) keeps the toasts meanwhile, so none is lost. A load that
 * fails (offline before the chunk was fetched) is tried again with the next toast and when the
 * browser is back online, and never throws: this sits outside the app's error boundary.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const parts = useSyncExternalStore(toaster.subscribe, toaster.loaded, toaster.loaded);
  const waiting = toasts.length;
  useEffect(() => {
    if (parts) return;
    if (waiting > 0) toaster.preload();
    window.addEventListener("online", toaster.preload);
    const cancel = whenIdle(toaster.preload);
    return () => {
      cancel();
      window.removeEventListener("online", toaster.preload);
    };
  }, [parts, waiting]);
  return parts ? <parts.Toaster /> : null;
}

import type { QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

// The stream's code (live-events.ts) is its own chunk: it starts loading as the signed-in shell
// first renders, while the session is still being checked, so it is there when the stream opens.
const loadStream = () => import("./live-events");

/** Keeps one event stream open while `userId` is signed in; closes it when they sign out. */
export function useLiveEvents(queryClient: QueryClient, userId: number | undefined): void {
  useEffect(() => {
    void loadStream().catch(() => undefined);
  }, []);
  useEffect(() => {
    if (userId === undefined || typeof EventSource === "undefined") return;
    let close: (() => void) | undefined;
    let stopped = false;
    void loadStream().then(
      ({ openLiveEvents }) => {
        if (!stopped) close = openLiveEvents(queryClient);
      },
      // Without its code (offline before it ever loaded) the page works as it would without a stream.
      () => undefined,
    );
    return () => {
      stopped = true;
      close?.();
    };
  }, [queryClient, userId]);
}

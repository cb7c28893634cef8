import { useEffect } from "react";
import { chunkLoader } from "@/lib/chunk-loader";

// The code loads as the first screen mounts, before any Back could need a position it kept.
const scrollPerPage = chunkLoader(() => import("./scroll-per-page"));

/** Each new screen (`pathname` changed) starts at its top, or where it was on Back (./scroll-per-page.ts). */
export function useScrollPerPage(pathname: string): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let current = true;
    scrollPerPage.load().then(
      (module) => {
        if (current) stop = module.scrollForNewScreen();
      },
      // Offline before the chunk ever arrived: the screen keeps the browser's scroll, and the
      // next screen asks again.
      () => undefined,
    );
    return () => {
      current = false;
      stop?.();
    };
  }, [pathname]);
}

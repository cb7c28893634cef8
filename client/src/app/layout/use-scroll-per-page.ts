// A new screen starts at its top; Back (or Forward) to a screen returns to where it was scrolled,
// so a list left for a listing's page is found as it was left (docs/guides/listings-and-facts.md).
// The browser's own restoration cannot do it: it scrolls at once, before the screen's code and
// rows are there, and this layout scrolled every new screen to its top anyway.
import { useEffect } from "react";

/** Scroll positions by address (path and query), for this tab's life. */
const positions = new Map<string, number>();
/** The address a Back or Forward went to, until the screen there restores its position. */
let traversedTo: string | null = null;
// A screen's rows arrive within a few frames (code, cached data, virtual rows): tried this long.
const RESTORE_FRAMES = 60;

const here = () => window.location.pathname + window.location.search;

if (typeof window !== "undefined") {
  window.history.scrollRestoration = "manual";
  window.addEventListener("popstate", () => {
    traversedTo = here();
  });
  // After a navigation the address is already the new one, so a scroll is always the current screen's.
  window.addEventListener("scroll", () => positions.set(here(), window.scrollY), { passive: true });
}

/** Scrolls each new screen (`pathname` changed) to its top, or back to where it was on Back. */
export function useScrollPerPage(pathname: string) {
  useEffect(() => {
    const address = here();
    const target = traversedTo === address ? (positions.get(address) ?? 0) : 0;
    traversedTo = null;
    let frame = 0;
    let id = 0;
    const attempt = () => {
      window.scrollTo(0, target);
      if (Math.abs(window.scrollY - target) < 1 || ++frame > RESTORE_FRAMES) return;
      id = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(id);
  }, [pathname]);
}

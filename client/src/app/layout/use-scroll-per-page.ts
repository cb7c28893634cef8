// A new screen starts at its top; Back (or Forward) to a screen returns to where it was scrolled,
// so a list left for a listing's page is found as it was left (docs/guides/listings-and-facts.md).
// The browser's own restoration cannot do it: it scrolls at once, before the screen's code and
// rows are there, and this layout scrolled every new screen to its top anyway.
import { useEffect } from "react";

// Scroll positions by address (path and query), for this tab's life: kept in sessionStorage, as
// a reload of the page on top (a listing's page) must not forget where the list below it was.
const STORAGE_KEY = "scroll-positions";
const KEPT = 50;
function readPositions(): Map<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]");
    return new Map(Array.isArray(saved) ? (saved as [string, number][]) : []);
  } catch {
    return new Map();
  }
}
const positions = typeof window === "undefined" ? new Map<string, number>() : readPositions();
let saving = 0;
function remember(address: string, y: number) {
  positions.delete(address);
  positions.set(address, y);
  if (positions.size > KEPT) positions.delete(positions.keys().next().value!);
  // Written once a frame at most, however fast the scroll events come.
  if (saving) return;
  saving = requestAnimationFrame(() => {
    saving = 0;
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions]));
    } catch {
      // Storage full or refused (private mode): positions are kept in memory only.
    }
  });
}
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
  window.addEventListener("scroll", () => remember(here(), window.scrollY), { passive: true });
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

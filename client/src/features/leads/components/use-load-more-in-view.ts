import { useEffect, useRef } from "react";

/**
 * Calls `loadMore` when the element comes within a screen of the viewport, so a long list grows
 * as it is scrolled; the element itself (a "Show more" button) stays the way to do it by keyboard
 * or where IntersectionObserver is missing.
 */
export function useLoadMoreInView<E extends Element>(loadMore: () => void, enabled: boolean) {
  const ref = useRef<E>(null);
  const latest = useRef(loadMore);
  useEffect(() => {
    latest.current = loadMore;
  });
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) latest.current();
    }, { rootMargin: "100% 0px" });
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}

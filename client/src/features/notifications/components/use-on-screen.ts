import { useEffect, useState, type RefObject } from "react";

/**
 * Whether the element is rendered inside the viewport. The layout mounts a bell in the desktop
 * sidebar and one in the phone header and hides one with CSS; only the shown one should poll.
 */
export function useOnScreen(ref: RefObject<Element | null>): boolean {
  // Without IntersectionObserver there is no telling: every bell counts as shown.
  const observable = typeof IntersectionObserver !== "undefined";
  const [onScreen, setOnScreen] = useState(!observable);
  useEffect(() => {
    const element = ref.current;
    if (!element || !observable) return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry.isIntersecting));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, observable]);
  return onScreen;
}

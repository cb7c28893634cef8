import { useEffect, useState, type RefObject } from "react";

/**
 * Whether the element is rendered inside the viewport. The layout mounts a bell in the desktop
 * sidebar and one in the phone header and hides one with CSS; only the shown one should poll.
 */
export function useOnScreen(ref: RefObject<Element | null>): boolean {
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === "undefined") {
      setOnScreen(true);
      return;
    }
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry.isIntersecting));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return onScreen;
}

// Where a window-scrolled virtual list sits: the listings grid, table and board, and the contacts.
import { useLayoutEffect, useRef, useState } from "react";

/**
 * The container's width and its distance from the top of the page, kept current. Both are read
 * once when the list mounts and then only when the browser reports a size change: a
 * ResizeObserver's callback runs after layout, so reading a rectangle there forces nothing.
 * Reading it after every render (as this did) made each filter or sort choice compute the new
 * cards' style and layout inside the choice's own task, before its first frame.
 */
export function useContainerGeometry() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [offsetTop, setOffsetTop] = useState(0);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const read = () => {
      const rect = element.getBoundingClientRect();
      setWidth(rect.width);
      const top = rect.top + window.scrollY;
      setOffsetTop((previous) => (Math.abs(top - previous) > 0.5 ? top : previous));
    };
    read();
    const observer = new ResizeObserver(read);
    observer.observe(element);
    // What sits above the list (toolbar, open filters, the selection bar) moves it without
    // resizing it, but then the page's height changes with it.
    observer.observe(document.documentElement);
    return () => observer.disconnect();
  }, []);

  return { ref, width, offsetTop };
}

/**
 * How long after a jump the target is kept in place while the content around it still loads:
 * long enough for a phone on a slow network at a property, and the person's own scroll ends it sooner.
 */
export const HOLD_IN_VIEW_MS = 10_000;

const PERSON_SCROLLS = ["wheel", "touchstart", "pointerdown", "keydown"] as const;

/**
 * Scrolls `target` to the top of its scroller, then keeps it there while the elements in
 * `around` change height (a section above it drawing its photos or posts after the jump), for
 * `ms` or until the person scrolls, taps or types themselves. Without this a jump made while
 * the dialog was still loading landed wherever the target had been, and the target moved on.
 * Returns what stops the hold at once.
 */
export function scrollAndHoldInView(target: HTMLElement, around: Iterable<Element>, ms = HOLD_IN_VIEW_MS): () => void {
  const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  target.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
  if (typeof ResizeObserver === "undefined") return () => {};
  const heights = new Map<Element, number>();
  const observer = new ResizeObserver((entries) => {
    let moved = false;
    for (const entry of entries) {
      const height = entry.borderBoxSize?.[0]?.blockSize ?? entry.contentRect.height;
      const before = heights.get(entry.target);
      heights.set(entry.target, height);
      // The first report of each element is its size at the jump, not a change.
      if (before !== undefined && before !== height) moved = true;
    }
    // At once, not smoothly: the target is already where the person asked to be, or on its way.
    if (moved) target.scrollIntoView({ behavior: "auto", block: "start" });
  });
  for (const element of around) observer.observe(element);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of PERSON_SCROLLS) window.removeEventListener(type, stop, true);
  };
  const timer = setTimeout(stop, ms);
  for (const type of PERSON_SCROLLS) window.addEventListener(type, stop, { capture: true, passive: true });
  return stop;
}

/** The part of IntersectionObserver used here: the browser's, or a stand-in in a test. */
export type ObserverClass = new (callback: (entries: { isIntersecting: boolean }[]) => void) => {
  observe(element: Element): void;
  disconnect(): void;
};

/** The observer class of this page, if it has one (old browsers and Node have none). */
export const pageObserver = (): ObserverClass | undefined =>
  typeof IntersectionObserver === "undefined" ? undefined : IntersectionObserver;

/** Before any answer: without an observer there is no telling, so every element counts as shown. */
export const onScreenAtFirst = (Observer: ObserverClass | undefined): boolean => Observer === undefined;

/**
 * Tells `onChange` whenever the element enters or leaves the viewport; returns the stop, or
 * null when there is nothing to watch (no element or no observer).
 */
export function watchOnScreen(element: Element | null, onChange: (onScreen: boolean) => void, Observer: ObserverClass | undefined): (() => void) | null {
  if (!element || !Observer) return null;
  const observer = new Observer((entries) => {
    const last = entries.at(-1);
    if (last) onChange(last.isIntersecting);
  });
  observer.observe(element);
  return () => observer.disconnect();
}

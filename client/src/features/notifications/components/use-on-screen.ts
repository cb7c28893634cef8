import { useEffect, useState } from "react";
import { onScreenAtFirst, pageObserver, watchOnScreen } from "../lib/on-screen";

/**
 * Whether the element is rendered inside the viewport. The layout mounts a bell in the desktop
 * sidebar and one in the phone header and hides one with CSS; only the shown one should poll.
 * Takes the element itself (from a callback ref), so a trigger that is replaced (the popover's
 * placeholder by Radix's, lazy-overlay.tsx) is watched anew.
 */
export function useOnScreen(element: Element | null): boolean {
  const [onScreen, setOnScreen] = useState(() => onScreenAtFirst(pageObserver()));
  useEffect(() => watchOnScreen(element, setOnScreen, pageObserver()) ?? undefined, [element]);
  return onScreen;
}

import { useEffect, useState, type RefObject } from "react";
import { onScreenAtFirst, pageObserver, watchOnScreen } from "../lib/on-screen";

/**
 * Whether the element is rendered inside the viewport. The layout mounts a bell in the desktop
 * sidebar and one in the phone header and hides one with CSS; only the shown one should poll.
 */
export function useOnScreen(ref: RefObject<Element | null>): boolean {
  const [onScreen, setOnScreen] = useState(() => onScreenAtFirst(pageObserver()));
  useEffect(() => watchOnScreen(ref.current, setOnScreen, pageObserver()) ?? undefined, [ref]);
  return onScreen;
}

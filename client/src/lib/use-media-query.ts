import { useCallback, useSyncExternalStore } from "react";

/** Whether the media query matches now, re-rendering when it changes (for layouts CSS alone cannot switch, such as virtual rows of another height). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = window.matchMedia(query);
      media.addEventListener("change", onChange);
      return () => media.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}

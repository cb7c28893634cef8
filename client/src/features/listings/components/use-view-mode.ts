import { useCallback, useState } from "react";
import { addressViewMode, storedViewMode, storeViewMode, type ViewMode } from "../lib/view-mode-storage";

export type { ViewMode } from "../lib/view-mode-storage";

/**
 * Grid, list or map: the address's `view=` when a link carries one, else as this browser
 * remembers it. A choice is remembered and written into the address (replacing it), so a copied
 * link opens the same layout.
 */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState(() => addressViewMode(window.location.search) ?? storedViewMode(() => localStorage));
  const change = useCallback((next: ViewMode) => {
    setMode(next);
    storeViewMode(() => localStorage, next);
    const url = new URL(window.location.href);
    url.searchParams.set("view", next);
    window.history.replaceState(window.history.state, "", url);
  }, []);
  return [mode, change];
}

import { useCallback, useState } from "react";
import { storedViewMode, storeViewMode, type ViewMode } from "../lib/view-mode-storage";

export type { ViewMode } from "../lib/view-mode-storage";

/** Grid or list, remembered in this browser across visits. */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState(() => storedViewMode(() => localStorage));
  const change = useCallback((next: ViewMode) => {
    setMode(next);
    storeViewMode(() => localStorage, next);
  }, []);
  return [mode, change];
}

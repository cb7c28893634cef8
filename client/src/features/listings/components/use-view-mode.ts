import { useCallback, useState } from "react";

export type ViewMode = "grid" | "list";

const STORAGE_KEY = "listings.viewMode";

function readStoredMode(): ViewMode {
  try {
    return localStorage.getItem(STORAGE_KEY) === "list" ? "list" : "grid";
  } catch {
    // Storage refused (private mode, blocked cookies): the default it is.
    return "grid";
  }
}

/** Grid or list, remembered in this browser across visits. */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState(readStoredMode);
  const change = useCallback((next: ViewMode) => {
    setMode(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not remembered; the choice still applies for this visit.
    }
  }, []);
  return [mode, change];
}

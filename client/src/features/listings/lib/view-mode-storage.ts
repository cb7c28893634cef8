// Grid, list or map, as this browser remembers it. Pure over the storage it is given, so the hook
// (components/use-view-mode.ts) passes localStorage and tests pass a stand-in. The storage comes
// as a function because with cookies blocked merely reading `localStorage` throws.

import { VIEW_MODES, type ViewMode } from "@shared/listing-view-query";

export type { ViewMode };

const STORAGE_KEY = "listings.viewMode";

/** The remembered mode; grid when none is, or storage is refused (private mode, blocked cookies). */
export function storedViewMode(storage: () => Pick<Storage, "getItem">): ViewMode {
  try {
    const stored = storage().getItem(STORAGE_KEY);
    return VIEW_MODES.find((mode) => mode === stored) ?? "grid";
  } catch {
    return "grid";
  }
}

/** Remembers the mode; when storage refuses, the choice still applies for this visit. */
export function storeViewMode(storage: () => Pick<Storage, "setItem">, mode: ViewMode): void {
  try {
    storage().setItem(STORAGE_KEY, mode);
  } catch {
    // Not remembered.
  }
}

/** The layout a link asks for (`view=`), or null when it names none the lists know. */
export function addressViewMode(search: string): ViewMode | null {
  const asked = new URLSearchParams(search).get("view");
  return VIEW_MODES.find((mode) => mode === asked) ?? null;
}

// Grid or list, as this browser remembers it. Pure over the storage it is given, so the hook
// (components/use-view-mode.ts) passes localStorage and tests pass a stand-in. The storage comes
// as a function because with cookies blocked merely reading `localStorage` throws.

export type ViewMode = "grid" | "list";

const STORAGE_KEY = "listings.viewMode";

/** The remembered mode; grid when none is, or storage is refused (private mode, blocked cookies). */
export function storedViewMode(storage: () => Pick<Storage, "getItem">): ViewMode {
  try {
    return storage().getItem(STORAGE_KEY) === "list" ? "list" : "grid";
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

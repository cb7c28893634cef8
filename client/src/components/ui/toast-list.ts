// The toast list's changes as pure functions over a list; use-toast.ts holds the one list and
// tells React. Spec §9: one toast is shown at a time.
export interface ListedToast {
  id: number;
  open: boolean;
  variant?: string;
}

/** The newest toast first, the list cut to `limit` (older ones leave at once, unanimated). */
export const withNewToast = <T extends ListedToast>(toasts: readonly T[], toast: T, limit: number): T[] =>
  [toast, ...toasts].slice(0, limit);

/** Closes the toast `id`, or every toast when none is named; a closed toast stays for its exit animation. */
export const closeToasts = <T extends ListedToast>(toasts: readonly T[], id?: number): T[] =>
  toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t));

/** What is left once the exit animations are over. */
export const openToasts = <T extends ListedToast>(toasts: readonly T[]): T[] => toasts.filter((t) => t.open);

/** The error toasts still open that were shown after `after`, up to and including `upTo`. */
export const openErrorToastIds = (toasts: readonly ListedToast[], after: number, upTo: number): number[] =>
  toasts.filter((t) => t.open && t.variant === "destructive" && t.id > after && t.id <= upTo).map((t) => t.id);

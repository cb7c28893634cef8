// The elements that held focus lately, newest last, for focus-return.ts: an opener may have left
// the page before the dialog mounted (a menu item: its menu closes as the dialog opens), or lost
// focus to a field inside the dialog that took it as it rendered (autoFocus runs before Radix's
// scope mounts). main.tsx loads this with the shell, so focus is noted from the first paint, while
// the dialogs' code (focus-return.ts with it) loads on first use.
const recent: HTMLElement[] = [];
const RECENT_KEPT = 8;
if (typeof document !== "undefined") {
  document.addEventListener(
    "focusin",
    (event) => {
      if (!(event.target instanceof HTMLElement) || event.target === document.body) return;
      recent.push(event.target);
      if (recent.length > RECENT_KEPT) recent.shift();
    },
    true,
  );
}

export const recentFocus = (): readonly HTMLElement[] => recent;

// Where focus goes when a dialog closes.
// Radix returns focus to a dialog's Trigger, but most dialogs here are opened by state from a
// button, a menu item or a card, so without this focus fell to the page body. The dialog
// primitives remember the control that opened them and find it again when they close, even
// when the card it sat in re-rendered or the menu it came from has gone.

import { recentFocus } from "./focus-history";

/** A way back to the control that opened a dialog. */
export interface Opener {
  element: HTMLElement;
  /** The listing card or row it sat in: a virtualized grid may reuse the element for another. */
  listingId: string | null;
  tag: string;
  name: string;
  /** The dialog it sat in (a nested dialog): focus stays there when the control is gone. */
  dialog: HTMLElement | null;
}

const LISTING = "[data-listing-id]";

// A count in brackets ("View Notes (2 notes)") changes with the data; the rest names the control.
const accessibleName = (el: Element) =>
  (el.getAttribute("aria-label") ?? el.textContent ?? "").replace(/\(.*\)/, "").trim().replace(/\s+/g, " ");

/** A menu item stands for the button that opened its menu (Radix labels a menu by its trigger). */
function outsideMenus(el: HTMLElement): HTMLElement | null {
  const menu = el.closest('[role="menu"]');
  if (!menu) return el;
  const triggerId = menu.getAttribute("aria-labelledby");
  return triggerId ? document.getElementById(triggerId) : null;
}

/**
 * Called as a dialog's `content` mounts: the newest focused element still on the page outside it
 * opened it (a menu item counts as its menu's trigger). Elements that left the page with what
 * they sat in (a loading stand-in the dialog replaced) are passed over.
 */
export function rememberOpener(content: Element | null): Opener | null {
  const active = document.activeElement instanceof HTMLElement ? [document.activeElement] : [];
  const element = [...active, ...recentFocus().toReversed()]
    .filter((el) => el !== document.body && !content?.contains(el))
    .map(outsideMenus)
    .find((el): el is HTMLElement => el !== null && el.isConnected && !content?.contains(el));
  if (!element) return null;
  return {
    element,
    listingId: element.closest(LISTING)?.getAttribute("data-listing-id") ?? null,
    tag: element.tagName,
    name: accessibleName(element),
    dialog: element.parentElement?.closest<HTMLElement>('[role="dialog"], [role="alertdialog"]') ?? null,
  };
}

const focusable = (el: HTMLElement) =>
  el.isConnected && !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0 && !el.closest("[inert]");

/** The opener itself, or the same control re-rendered (same listing, same kind, same name). */
function findOpener(opener: Opener): HTMLElement | null {
  const { element, listingId, tag, name } = opener;
  const sameListing = (el: Element) => (el.closest(LISTING)?.getAttribute("data-listing-id") ?? null) === listingId;
  if (focusable(element) && sameListing(element)) return element;
  const scope = listingId === null ? document : document.querySelector(`[data-listing-id="${CSS.escape(listingId)}"]`);
  if (!scope) return null;
  for (const el of scope.querySelectorAll<HTMLElement>(tag)) {
    if (accessibleName(el) === name && sameListing(el) && focusable(el)) return el;
  }
  return null;
}

/**
 * Moves focus back to the opener; when it is gone (its listing was deleted), into the dialog it
 * sat in, else to the page's main content rather than the body. False when there is no opener.
 */
export function returnFocus(opener: Opener | null): boolean {
  if (!opener) return false;
  const target = findOpener(opener) ?? (opener.dialog?.isConnected ? opener.dialog : document.getElementById("main"));
  if (!target) return false;
  target.focus({ preventScroll: true });
  return document.activeElement === target;
}

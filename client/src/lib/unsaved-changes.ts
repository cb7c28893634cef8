// Unsaved changes the whole page must respect: while any form holds changes, reloading or closing
// the tab asks the browser's own question, and following an in-app link asks the form's
// "Discard changes?" first, and so does the browser's Back or Forward button where the browser
// lets a page hold it. Forms report through
// components/ui/discard-guard.tsx; this module only keeps the list and the two listeners.
import { navigate } from "wouter/use-browser-location";

/** Asks the person whether to drop their changes; calls `proceed` only if they say Discard. */
export type AskToDiscard = (proceed: () => void) => void;

const holds: { ask: AskToDiscard }[] = [];

interface LinkClick {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/**
 * The in-app address a click on a link would go to, or null when the click is not one: another
 * button, a modifier (new tab or window), a link to another site, a new tab or a download, or a
 * link to the page already shown. Those leave the form where it is, or go through beforeunload.
 */
export function inAppLinkTarget(event: LinkClick, here: { origin: string; href: string }): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const start = event.target as { closest?: (selector: string) => unknown } | null;
  const anchor = typeof start?.closest === "function" ? (start.closest("a[href]") as HTMLAnchorElement | null) : null;
  if (!anchor) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  const url = new URL(anchor.getAttribute("href") ?? "", here.href);
  if (url.origin !== here.origin || url.href === here.href) return null;
  return url.pathname + url.search + url.hash;
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  // Browsers show their own wording; both calls are needed across engines.
  event.preventDefault();
  event.returnValue = "";
}

function onClick(event: MouseEvent) {
  const to = inAppLinkTarget(event, window.location);
  const hold = holds[holds.length - 1];
  if (!to || !hold) return;
  // Before the router's own click handler: the page stays until the person answers.
  event.preventDefault();
  event.stopImmediatePropagation();
  hold.ask(() => navigate(to));
}

/**
 * Back and Forward within the app, through the Navigation API: the browser lets a page cancel a
 * same-document traversal the person started (a press of Back after using the page), which is
 * what this asks about. popstate comes too late: the router has already shown the other page.
 */
function onNavigate(event: NavigateEvent) {
  const hold = holds[holds.length - 1];
  if (!hold || event.navigationType !== "traverse" || !event.cancelable || !event.destination.sameDocument) return;
  const key = event.destination.key;
  event.preventDefault();
  hold.ask(() => void window.navigation?.traverseTo(key));
}

/**
 * Keeps the page from being left while changes are unsaved; returns the release. The latest
 * holder asks, since it is the form on top.
 */
export function holdUnsavedChanges(ask: AskToDiscard): () => void {
  const hold = { ask };
  holds.push(hold);
  if (holds.length === 1) {
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("click", onClick, { capture: true });
    window.navigation?.addEventListener("navigate", onNavigate);
  }
  return () => {
    const at = holds.indexOf(hold);
    if (at === -1) return;
    holds.splice(at, 1);
    if (holds.length === 0) {
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("click", onClick, { capture: true });
      window.navigation?.removeEventListener("navigate", onNavigate);
    }
  };
}

/** Whether any form holds unsaved changes now. */
export const hasUnsavedChanges = () => holds.length > 0;

// Escape closes the open dialog before it dismisses a toast
// (docs/decisions/195-focus-return-and-escape-order.md). Radix gives Escape only to the newest
// dismissable layer, and a toast that appears while a dialog is open is newer than the dialog:
// without this, Escape would take the toast away and leave the dialog open. The dialog
// primitives register here; the toaster hands Escape to the top dialog instead of closing.

type EscapeHandler = (event: KeyboardEvent) => void;

const layers = new Map<Element, EscapeHandler>();

/** A dialog's content while mounted; returns the unregistering function. */
export function registerEscapeLayer(node: Element, handler: EscapeHandler): () => void {
  layers.set(node, handler);
  return () => {
    if (layers.get(node) === handler) layers.delete(node);
  };
}

/**
 * Gives Escape to the topmost open dialog (the last in the page: each opens in a portal at the
 * end of the body). True when a dialog took it, so the toast stays.
 */
export function escapeToDialog(event: KeyboardEvent): boolean {
  const top = topDialog();
  if (!top) return false;
  layers.get(top)?.(event);
  return true;
}

/** The topmost open dialog: the last in the page, since each opens in a portal at the end of the body. */
export function topDialog(): Element | null {
  let top: Element | null = null;
  for (const node of layers.keys()) {
    if (!node.isConnected || node.getAttribute("data-state") !== "open") continue;
    if (!top || top.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) top = node;
  }
  return top;
}

/**
 * Radix learns of a dialog in an effect, after the browser has painted it: an Escape pressed in
 * that moment over a nested dialog (Upload Image over the listing form) went to the dialog
 * beneath, which closed and took the new one with it. Our layers are known from the commit on,
 * so when Radix offers Escape to a dialog that is not the top one, the top one takes it instead.
 * True when it was handed on (the caller keeps its dialog open).
 */
export function escapeToNewerDialog(node: Element | null, event: KeyboardEvent): boolean {
  const top = topDialog();
  if (!top || !node || top === node) return false;
  event.preventDefault();
  layers.get(top)?.(new KeyboardEvent("keydown", { key: "Escape", cancelable: true }));
  return true;
}

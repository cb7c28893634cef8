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
  let top: Element | null = null;
  for (const node of layers.keys()) {
    if (!node.isConnected || node.getAttribute("data-state") !== "open") continue;
    if (!top || top.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) top = node;
  }
  if (!top) return false;
  layers.get(top)?.(event);
  return true;
}

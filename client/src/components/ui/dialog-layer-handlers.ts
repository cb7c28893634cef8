// How a dialog's own handlers and the layer's work combine (use-dialog-layer.ts is the glue to
// Radix and the DOM): the caller's handler runs first, and one that prevents the default keeps
// its own behaviour.

/** The smallest part of an event these handlers read or change. */
export interface Preventable {
  readonly defaultPrevented: boolean;
  preventDefault(): void;
}

/** Escape handed to this dialog by the escape order: the caller's handler, then close unless it said no. */
export function escapeThenClose<E extends Preventable>(event: E, own: ((event: E) => void) | undefined, close: () => void) {
  own?.(event);
  if (!event.defaultPrevented) close();
}

/** Radix's Escape: none of this dialog's business when a newer dialog takes it; else the caller's. */
export function escapeUnlessNewer<E>(event: E, takenByNewer: (event: E) => boolean, own: ((event: E) => void) | undefined) {
  if (takenByNewer(event)) return;
  own?.(event);
}

/**
 * Radix's focus on close: the caller's handler, then focus goes back to the opener (`giveBack`
 * says whether it could) instead of Radix's Trigger. The caller forgets the opener either way.
 */
export function closeFocusToOpener<E extends Preventable>(event: E, own: ((event: E) => void) | undefined, giveBack: () => boolean) {
  own?.(event);
  if (!event.defaultPrevented && giveBack()) event.preventDefault();
}

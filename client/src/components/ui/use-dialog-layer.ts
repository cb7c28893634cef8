import { useCallback, useEffect, useRef } from "react";
import { closeFocusToOpener, escapeThenClose, escapeUnlessNewer } from "./dialog-layer-handlers";
import { escapeToNewerDialog, registerEscapeLayer } from "./escape-order";
import { rememberOpener, returnFocus, type Opener } from "./focus-return";

interface LayerHandlers {
  onCloseAutoFocus?: (event: Event) => void;
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
}

/**
 * What every dialog primitive adds to Radix's content: it remembers the control that opened it
 * and returns focus there on close (focus-return.ts), and it takes Escape before a newer toast
 * does (escape-order.ts). A caller's own handlers run first; one that prevents the default
 * keeps its own behaviour. Render `closeRef` on a hidden Close inside the content.
 */
export function useDialogLayer({ onCloseAutoFocus, onEscapeKeyDown }: LayerHandlers) {
  const opener = useRef<Opener | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const escapeHandler = useRef(onEscapeKeyDown);
  useEffect(() => {
    escapeHandler.current = onEscapeKeyDown;
  });

  // Stable, so a re-render never re-registers the dialog. The content mounts each time the
  // dialog opens: the moment to note what opened it. (Not Radix's onOpenAutoFocus, which is
  // skipped when a field inside took focus first with autoFocus.)
  const content = useRef<HTMLElement | null>(null);
  const contentRef = useCallback((node: HTMLElement | null) => {
    if (!node) return;
    content.current = node;
    opener.current = rememberOpener(node);
    const unregister = registerEscapeLayer(node, (event) =>
      escapeThenClose(event, escapeHandler.current, () => closeRef.current?.click()),
    );
    return () => {
      unregister();
      if (content.current === node) content.current = null;
    };
  }, []);

  return {
    contentRef,
    closeRef,
    // Escape belongs to the top dialog in the page, even one Radix has not heard of yet (escape-order.ts).
    onEscapeKeyDown: (event: KeyboardEvent) =>
      escapeUnlessNewer(event, (e) => escapeToNewerDialog(content.current, e), onEscapeKeyDown),
    onCloseAutoFocus: (event: Event) => {
      closeFocusToOpener(event, onCloseAutoFocus, () => returnFocus(opener.current));
      opener.current = null;
    },
  };
}

// The discard guard's bookkeeping without React (discard-guard.tsx is the glue): which forms
// hold changes, when the page is held (lib/unsaved-changes), and the close waiting for an answer
// (docs/decisions/191-never-lose-work.md).
import type { AskToDiscard } from "@/lib/unsaved-changes";

export interface DiscardGuardPorts {
  /** Holds the page while something is changed (reload, tab close, in-app links); returns the release. */
  hold(ask: AskToDiscard): () => void;
  /** Shows "Discard changes?" for this close, or hides it (null). */
  showQuestion(proceed: (() => void) | null): void;
}

export interface DiscardGuardState {
  close(close: () => void): void;
  onOpenChange(onOpenChange: (open: boolean) => void): (open: boolean) => void;
  report(key: string, dirty: boolean): void;
  answer(discard: boolean): void;
  /** The guard's dialog or page went away: nothing may hold the page any more. */
  release(): void;
}

export function discardGuardState({ hold, showQuestion }: DiscardGuardPorts): DiscardGuardState {
  const dirty = new Set<string>();
  let held: (() => void) | null = null;
  let waiting: (() => void) | null = null;

  const ask = (proceed: () => void) => {
    waiting = proceed;
    showQuestion(proceed);
  };
  const release = () => {
    held?.();
    held = null;
  };
  const close = (closeNow: () => void) => (dirty.size === 0 ? closeNow() : ask(closeNow));
  return {
    close,
    onOpenChange: (handler) => (open) => (open ? handler(true) : close(() => handler(false))),
    report(key, isDirty) {
      if (isDirty) dirty.add(key);
      else dirty.delete(key);
      if (dirty.size > 0 && !held) held = hold(ask);
      if (dirty.size === 0) release();
    },
    answer(discard) {
      const proceed = waiting;
      waiting = null;
      showQuestion(null);
      if (!discard || !proceed) return;
      // The changes are given up: nothing may hold the page any more, even before the form unmounts.
      dirty.clear();
      release();
      proceed();
    },
    release,
  };
}

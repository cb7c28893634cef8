// The parts of the virtualizer the card grid uses, as one chunk of its own that loads after the
// first screenful is drawn (use-grid-rows.ts).
export { observeWindowOffset, observeWindowRect, Virtualizer, windowScroll } from "@tanstack/virtual-core";

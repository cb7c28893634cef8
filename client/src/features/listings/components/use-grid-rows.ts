import type { VirtualItem } from "@tanstack/virtual-core";
import { useEffect, useLayoutEffect, useMemo, useReducer, useState, useSyncExternalStore } from "react";
import { flushSync } from "react-dom";
import { chunkLoader } from "@/lib/chunk-loader";
import { whenIdle } from "@/lib/when-idle";

type Core = typeof import("./grid-virtualizer");

const virtualizerCode = chunkLoader(() => import("./grid-virtualizer"));

/**
 * Fetches the virtualizer once. The card grid's first screenful does not need it: it loads when
 * the page is idle after the first paint if the list is longer than that, or at once on the first
 * scroll or when focus enters the list.
 * Offline without the chunk cached, the plain rows stay and the next scroll tries again.
 */
export const loadVirtualizer = virtualizerCode.preload;

interface GridRowsOptions {
  count: number;
  /** A row's height (gap included) before it is measured. */
  estimate: number;
  overscan: number;
  /** The list's distance from the top of the page. */
  scrollMargin: number;
  getItemKey(index: number): number;
}

export interface GridRows {
  /** True once the virtualizer places the rows (absolutely); until then they flow in the page. */
  virtual: boolean;
  rows: readonly Pick<VirtualItem, "index" | "key" | "start">[];
  /** The list's height: measured and estimated rows once virtual; the estimate of all rows before. */
  totalSize: number;
  /** The ref every drawn row takes: the virtualizer measures it, a plain row is remembered. */
  rowRef(element: HTMLElement | null): void | (() => void);
}

/** The options the window virtualizer keeps (what useWindowVirtualizer of @tanstack/react-virtual sets). */
function windowOptions(core: Core) {
  return {
    getScrollElement: (): Window => window,
    observeElementRect: core.observeWindowRect,
    observeElementOffset: core.observeWindowOffset,
    scrollToFn: core.windowScroll,
    initialOffset: () => window.scrollY,
    // Without it the first render has no viewport, so no rows, and the plain rows would unmount.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  };
}

/**
 * The grid's rows against the page's own scroll. Until the virtualizer's code is there the rows of
 * the first screenful are drawn plainly, in the page's flow; then the virtualizer takes them over
 * in the same elements (same keys, nothing remounts), starting from the heights they were drawn at,
 * so nothing moves. The hooks are the same in both states, as @tanstack/react-virtual's own
 * useWindowVirtualizer does them.
 */
export function useGridRows({ count, estimate, overscan, scrollMargin, getItemKey }: GridRowsOptions): GridRows {
  const rerender = useReducer((x: number) => x + 1, 0)[1];
  const core = useSyncExternalStore(virtualizerCode.subscribe, virtualizerCode.loaded, virtualizerCode.loaded);
  // The plain rows drawn, by index: their heights seed the virtualizer so no row moves at the switch.
  const [plainRows] = useState(() => new Map<number, HTMLElement>());
  const estimateSize = () => estimate;

  const virtualizer = useMemo(() => {
    if (!core) return null;
    let measuringFromRef = false;
    const fixed = {
      ...windowOptions(core),
      // A change found while measuring a row (in React's commit) re-renders normally; one from a
      // scroll re-renders at once, so the rows follow the scroll frame by frame.
      onChange: (_: unknown, sync: boolean) => (sync && !measuringFromRef ? flushSync(rerender) : rerender()),
    };
    const initialMeasurementsCache = [...plainRows].map(([index, element]) => {
      const size = element.getBoundingClientRect().height;
      return { index, key: getItemKey(index), start: 0, end: size, size, lane: 0 };
    });
    plainRows.clear();
    const instance = new core.Virtualizer<Window, Element>({
      ...fixed,
      count,
      estimateSize,
      overscan,
      scrollMargin,
      getItemKey,
      initialMeasurementsCache,
    });
    const measureElement = instance.measureElement;
    instance.measureElement = (node) => {
      measuringFromRef = true;
      try {
        measureElement(node);
      } finally {
        measuringFromRef = false;
      }
    };
    return { instance, fixed };
    // Made once, when the code arrives; the options below are set on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [core]);
  virtualizer?.instance.setOptions({ ...virtualizer.fixed, count, estimateSize, overscan, scrollMargin, getItemKey });

  useLayoutEffect(() => virtualizer?.instance._didMount(), [virtualizer]);
  useLayoutEffect(() => virtualizer?.instance._willUpdate());

  // The rows a first screen shows (the page is at its top, or wherever the browser put it).
  const visibleRows = virtualizer
    ? count
    : Math.min(count, Math.max(0, Math.ceil((window.scrollY + window.innerHeight - scrollMargin) / estimate)) + overscan);
  const needed = !virtualizer && visibleRows < count;
  useEffect(() => {
    if (!needed) return;
    const cancel = whenIdle(loadVirtualizer);
    window.addEventListener("scroll", loadVirtualizer, { once: true, passive: true });
    return () => {
      cancel();
      window.removeEventListener("scroll", loadVirtualizer);
    };
  }, [needed]);

  if (virtualizer) {
    const { instance } = virtualizer;
    return { virtual: true, rows: instance.getVirtualItems(), totalSize: instance.getTotalSize(), rowRef: instance.measureElement };
  }
  const rows = Array.from({ length: visibleRows }, (_, index) => ({ index, key: getItemKey(index), start: scrollMargin + index * estimate }));
  const rowRef = (element: HTMLElement | null) => {
    if (!element) return;
    const index = Number(element.dataset.index);
    plainRows.set(index, element);
    return () => void plainRows.delete(index);
  };
  return { virtual: false, rows, totalSize: count * estimate, rowRef };
}

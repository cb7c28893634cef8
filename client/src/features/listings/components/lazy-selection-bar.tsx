import { lazy, Suspense, useEffect } from "react";
import { whenIdle } from "@/lib/when-idle";
import type { SelectionBarProps } from "./selection-bar";

// The bar and its bulk actions show only once a listing is selected, so they load when the page
// is idle after the first paint (or with the first selection, if that comes sooner) rather than
// with the page; until then the selection is kept and the bar shows as soon as its code is there.
const loadBar = () => import("./selection-bar");
const SelectionBar = lazy(async () => ({ default: (await loadBar()).SelectionBar }));

export function LazySelectionBar(props: SelectionBarProps) {
  useEffect(() => whenIdle(() => void loadBar().catch(() => undefined)), []);
  if (props.selectedIds.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <SelectionBar {...props} />
    </Suspense>
  );
}

import { X } from "lucide-react";
import { useLayoutEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { SelectionActions } from "@/features/bulk/components/selection-actions";

export interface SelectionBarProps {
  selectedIds: string[];
  onClear(): void;
}

// The height of what is fixed to the bottom of a phone's screen: the page leaves room for it and
// toasts sit above it.
const BOTTOM_BAR_VARIABLE = "--bottom-bar-height";

/** Publishes the bar's height while it is fixed to the bottom (phones); nothing elsewhere. */
function usePublishedBottomHeight(ref: React.RefObject<HTMLDivElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const publish = () => {
      const fixed = getComputedStyle(element).position === "fixed";
      root.style.setProperty(BOTTOM_BAR_VARIABLE, `${fixed ? element.getBoundingClientRect().height : 0}px`);
    };
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    window.addEventListener("resize", publish);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", publish);
      root.style.removeProperty(BOTTOM_BAR_VARIABLE);
    };
  }, [ref, shown]);
}

/**
 * Shown while listings are selected on Active Listings: the count and the actions that work on
 * the selection (the bulk actions sit beside Clear Selection). It stays in view while the list
 * scrolls: along the bottom of a phone's screen, where a thumb reaches it, and at the top of the
 * content on wider screens.
 */
export function SelectionBar({ selectedIds, onClear }: SelectionBarProps) {
  const count = selectedIds.length;
  const ref = useRef<HTMLDivElement>(null);
  usePublishedBottomHeight(ref, count > 0);
  if (count === 0) return null;
  return (
    <div
      ref={ref}
      className="sticky top-16 z-10 flex flex-wrap items-center gap-2 rounded-lg border border-primary/25 bg-surface/95 px-3 py-2 shadow-card backdrop-blur supports-[backdrop-filter]:bg-surface/85 md:top-2 max-sm:fixed max-sm:inset-x-0 max-sm:bottom-0 max-sm:top-auto max-sm:z-30 max-sm:rounded-none max-sm:border-x-0 max-sm:border-b-0 max-sm:pb-[max(0.5rem,env(safe-area-inset-bottom))] max-sm:shadow-overlay"
      data-testid="selection-bar"
    >
      <p className="mr-auto text-sm font-medium" role="status">
        {count.toLocaleString()} {count === 1 ? "listing" : "listings"} selected
      </p>
      <SelectionActions selectedIds={selectedIds} onClearSelection={onClear} />
      <Button variant="ghost" size="sm" onClick={onClear}>
        <X aria-hidden />
        Clear Selection
      </Button>
    </div>
  );
}

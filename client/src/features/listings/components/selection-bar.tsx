import { X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { SelectionActions } from "@/features/bulk/components/selection-actions";

export interface SelectionBarProps {
  selectedIds: string[];
  onClear(): void;
}

/**
 * Shown while listings are selected on Active Listings: the count and the actions that work on
 * the selection (the bulk actions sit beside Clear Selection).
 */
export function SelectionBar({ selectedIds, onClear }: SelectionBarProps) {
  const count = selectedIds.length;
  if (count === 0) return null;
  return (
    <div
      className="sticky top-16 z-10 flex flex-wrap items-center gap-2 rounded-lg border border-primary/25 bg-surface/95 px-3 py-2 shadow-card backdrop-blur supports-[backdrop-filter]:bg-surface/85 md:top-2"
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

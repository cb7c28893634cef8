import { LayoutGrid, List, Map as MapIcon } from "lucide-react";
import { cx } from "@/lib/cx";
import type { ViewMode } from "./use-view-mode";

const OPTIONS: { mode: ViewMode; label: string; icon: typeof List }[] = [
  { mode: "grid", label: "Grid view", icon: LayoutGrid },
  { mode: "list", label: "List view", icon: List },
  { mode: "map", label: "Map view", icon: MapIcon },
];

export function ViewModeToggle({ mode, onChange, className }: { mode: ViewMode; onChange(mode: ViewMode): void; className?: string }) {
  return (
    <div role="group" aria-label="Layout" className={cx(className, "inline-flex h-9 shrink-0 pointer-coarse:h-12 items-center rounded-md border border-input bg-surface p-0.5 shadow-xs")}>
      {OPTIONS.map(({ mode: option, label, icon: Icon }) => (
        <button
          key={option}
          type="button"
          aria-label={label}
          title={label}
          aria-pressed={mode === option}
          onClick={() => onChange(option)}
          className={cx(
            "inline-flex size-8 items-center pointer-coarse:size-11 justify-center rounded-[5px] transition-colors",
            mode === option ? "bg-accent text-foreground shadow-xs" : "text-muted-foreground hover:text-foreground",
          )}
        >
          <Icon aria-hidden className="size-4" />
        </button>
      ))}
    </div>
  );
}

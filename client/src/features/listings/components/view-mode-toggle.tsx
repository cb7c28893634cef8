import { LayoutGrid, List, Map as MapIcon } from "lucide-react";
import { cn } from "@/lib/cn";
import type { ViewMode } from "./use-view-mode";

const OPTIONS: { mode: ViewMode; label: string; icon: typeof List }[] = [
  { mode: "grid", label: "Grid view", icon: LayoutGrid },
  { mode: "list", label: "List view", icon: List },
  { mode: "map", label: "Map view", icon: MapIcon },
];

export function ViewModeToggle({ mode, onChange, className }: { mode: ViewMode; onChange(mode: ViewMode): void; className?: string }) {
  return (
    <div role="group" aria-label="Layout" className={cn(className, "inline-flex h-9 shrink-0 pointer-coarse:h-12 items-center rounded-md border border-input bg-surface p-0.5 shadow-xs")}>
      {OPTIONS.map(({ mode: option, label, icon: Icon }) => (
        <button
          key={option}
          type="button"
          aria-label={label}
          title={label}
          aria-pressed={mode === option}
          onClick={() => onChange(option)}
          className={cn(
            "inline-flex size-8 items-center pointer-coarse:size-11 justify-center rounded-[5px] text-muted-foreground transition-colors hover:text-foreground",
            mode === option && "bg-accent text-foreground shadow-xs",
          )}
        >
          <Icon aria-hidden className="size-4" />
        </button>
      ))}
    </div>
  );
}

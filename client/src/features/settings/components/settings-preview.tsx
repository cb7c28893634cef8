import { MapPin } from "lucide-react";
import { MARKETING_CATEGORIES, type UserSettings } from "@shared/schema";
import { cn } from "@/lib/cn";
import { categoryColor } from "../api/get-settings";
import { ACCENT_SHADOW_CLASS, accentStyle } from "./category-accent";
import { CategoryBadge } from "./category-badge";

/** How cards and badges will look with the settings being edited, before they are saved. */
export function SettingsPreview({ values }: { values: UserSettings }) {
  const accent = values.enableCardShadow ? categoryColor("Grand Slam", values) : null;
  return (
    <div className="grid gap-4" data-testid="settings-preview">
      <div
        style={accentStyle(accent)}
        className={cn("grid gap-3 rounded-xl border bg-card p-4", accent && ACCENT_SHADOW_CLASS)}
        data-testid="settings-preview-card"
      >
        <div className="flex items-start justify-between gap-3">
          <div className="grid min-w-0 gap-0.5">
            <p className="truncate text-[15px] font-semibold leading-snug tracking-tight">Riverside Diner</p>
            <p className="flex items-center gap-1 text-xs text-muted-foreground">
              <MapPin aria-hidden className="size-3 shrink-0" />
              Wheeling, WV
            </p>
          </div>
          <CategoryBadge category="Grand Slam" color={categoryColor("Grand Slam", values)} />
        </div>
        <p className="text-sm text-muted-foreground">A busy corner restaurant with a full kitchen and...</p>
      </div>
      <div className="flex flex-wrap gap-2" aria-label="Category badges">
        {MARKETING_CATEGORIES.map((category) => (
          <CategoryBadge key={category} category={category} color={categoryColor(category, values)} />
        ))}
      </div>
    </div>
  );
}

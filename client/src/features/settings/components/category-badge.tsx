import type { ComponentProps } from "react";
import { readableTextColor } from "@shared/readable-colour";
import { cx } from "@/lib/cx";
import { categoryColor, useSettings } from "../api/get-settings";

interface CategoryBadgeProps extends ComponentProps<"span"> {
  category: string;
  /**
   * The colour to show: a listing list passes the saved one it already has (so each card does
   * not subscribe to the settings), the Settings preview its unsaved edits.
   * Without it the badge reads the saved colour itself.
   */
  color?: string;
}

/** A marketing category in the colour chosen in Settings (spec §3 badge colours). */
export function CategoryBadge({ color, ...props }: CategoryBadgeProps) {
  return color === undefined ? <SavedColorBadge {...props} /> : <ColoredBadge color={color} {...props} />;
}

function SavedColorBadge(props: Omit<CategoryBadgeProps, "color">) {
  const settings = useSettings();
  return <ColoredBadge color={categoryColor(props.category, settings.data)} {...props} />;
}

function ColoredBadge({ category, color, className, style, ...props }: CategoryBadgeProps & { color: string }) {
  return (
    <span
      data-testid="category-badge"
      className={cx(
        "inline-flex shrink-0 items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium",
        className,
      )}
      style={{ backgroundColor: color, color: readableTextColor(color), ...style }}
      {...props}
    >
      {category}
    </span>
  );
}

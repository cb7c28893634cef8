import type { ComponentProps } from "react";
import { HEX_COLOR } from "@shared/constants";
import { cn } from "@/lib/cn";
import { categoryColor, useSettings } from "../api/get-settings";

const DARK_TEXT = "#111827";
const LIGHT_TEXT = "#FFFFFF";

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/**
 * Dark or white text, whichever reads better on the colour: people pick any colour in Settings,
 * and a gold or grey badge with white text would be unreadable (WCAG contrast).
 */
export function readableTextColor(background: string): string {
  if (!HEX_COLOR.test(background)) return DARK_TEXT;
  const l = luminance(background);
  const onDark = 1.05 / (l + 0.05);
  const onLight = (l + 0.05) / (luminance(DARK_TEXT) + 0.05);
  return onLight >= onDark ? DARK_TEXT : LIGHT_TEXT;
}

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
      className={cn(
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

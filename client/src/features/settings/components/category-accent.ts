import type { CSSProperties } from "react";

/**
 * Settings' coloured card border: the category colour plus a soft shadow of it. Listing cards and
 * rows wear it, and the Settings preview shows it.
 */
export function accentStyle(accent: string | null): CSSProperties {
  if (!accent) return { boxShadow: "none" };
  return {
    borderColor: accent,
    boxShadow: `0 1px 2px rgb(16 16 24 / 0.05), 0 6px 18px -8px color-mix(in srgb, ${accent} 70%, transparent)`,
  };
}

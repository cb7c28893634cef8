import type { CSSProperties } from "react";

/**
 * Draws accentStyle's shadow. A Tailwind shadow (not an inline box-shadow) so that it composes
 * with a ring: an inline box-shadow would hide the ring that marks a selected card.
 */
export const ACCENT_SHADOW_CLASS = "shadow-[var(--accent-shadow)]";

/**
 * Settings' coloured card border: the category colour plus a soft shadow of it (with
 * ACCENT_SHADOW_CLASS). Listing cards and rows wear it, and the Settings preview shows it.
 */
export function accentStyle(accent: string | null): CSSProperties {
  if (!accent) return {};
  return {
    borderColor: accent,
    ["--accent-shadow" as string]: `0 1px 2px rgb(16 16 24 / 0.05), 0 6px 18px -8px color-mix(in srgb, ${accent} 70%, transparent)`,
  };
}

// Colours people pick (a brand's accent, a category's badge) made readable: WCAG 2's contrast
// ratio between two #RRGGBB colours, the dark or white text that reads better on a colour, and a
// colour darkened just enough to be read as text on a light background.
import { HEX_COLOR } from "./constants.js";

export const DARK_TEXT = "#111827";
export const LIGHT_TEXT = "#FFFFFF";
/** WCAG AA for body text. */
export const TEXT_CONTRAST = 4.5;

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** Dark or white text, whichever reads better on the colour (dark for a colour that is not #RRGGBB). */
export function readableTextColor(background: string): string {
  if (!HEX_COLOR.test(background)) return DARK_TEXT;
  return contrastRatio(background, DARK_TEXT) >= contrastRatio(background, LIGHT_TEXT) ? DARK_TEXT : LIGHT_TEXT;
}

/**
 * The colour itself when it reads as text on `background` (TEXT_CONTRAST or more), else the
 * lightest shade of it towards black that does: a gold accent becomes a dark gold, not black.
 */
export function textShadeOn(colour: string, background = "#ffffff"): string {
  if (!HEX_COLOR.test(colour)) return DARK_TEXT;
  const rgb = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  const hex = (k: number) => `#${rgb.map((c) => Math.round(c * k).toString(16).padStart(2, "0")).join("")}`;
  // Scaling every channel by the same factor keeps the hue; 1/64 steps are finer than the eye sees.
  for (let step = 64; step >= 0; step -= 1) {
    const shade = hex(step / 64);
    if (contrastRatio(shade, background) >= TEXT_CONTRAST) return shade;
  }
  return DARK_TEXT;
}

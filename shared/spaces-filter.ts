// The lists' size filter over a listing's spaces: zod- and printing-free, for the first page.
import type { SpacesSummary } from "./spaces-summary.js";

/** Whether any available space's size lies in [min, max] (null bounds are open). */
export function anySpaceSizeIn(s: Pick<SpacesSummary, "sizesSf">, min: number | null, max: number | null): boolean {
  return s.sizesSf.some((sf) => (min === null || sf >= min) && (max === null || sf <= max));
}

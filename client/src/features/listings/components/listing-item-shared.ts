import type { CSSProperties } from "react";
import type { ListingSummary } from "@shared/schema";

/** What a card or row can ask of its page; one stable object shared by every item. */
export interface ListingItemActions {
  open(listing: ListingSummary): void;
  addNote(listing: ListingSummary): void;
  viewNotes(listing: ListingSummary): void;
  toggleStarred(listing: ListingSummary): void;
  toggleActive(listing: ListingSummary): void;
  /** Absent where nothing can be selected (Not In Use). */
  setSelected?(id: string, selected: boolean): void;
}

export interface ListingItemProps {
  listing: ListingSummary;
  /** Category colour for the border and shadow, or null for the plain look (Settings). */
  accent: string | null;
  /** undefined when the page has no selection. */
  selected?: boolean;
  actions: ListingItemActions;
}

/** Settings' coloured card border: the category colour plus a soft shadow of it. */
export function accentStyle(accent: string | null): CSSProperties {
  if (!accent) return { boxShadow: "none" };
  return {
    borderColor: accent,
    boxShadow: `0 1px 2px rgb(16 16 24 / 0.05), 0 6px 18px -8px color-mix(in srgb, ${accent} 70%, transparent)`,
  };
}

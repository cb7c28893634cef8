import type { ListingSummary } from "../api/listing-types";

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
  /** The category badge's colour (from Settings), handed down so no card reads the settings itself. */
  badgeColor: string;
  /** undefined when the page has no selection. */
  selected?: boolean;
  actions: ListingItemActions;
}

import { matchUsernames, mentionQueryAt } from "@shared/mentions";

export interface MentionQuery {
  /** Where the mention's @ is. */
  start: number;
  /** The partial name typed after it. */
  query: string;
}

interface PickerInput {
  text: string;
  /** The caret, or null while a range is selected. */
  caret: number | null;
  usernames: readonly string[];
  /** The @ whose list the person closed with Escape (it stays closed until another @). */
  dismissedAt: number | null;
  /** The option last highlighted, and for which query. */
  highlight: { query: string; index: number };
}

export type MentionPickerState =
  | { open: true; active: MentionQuery; options: string[]; activeIndex: number }
  | { open: false; active: MentionQuery | null; options: string[]; activeIndex: 0 };

/**
 * What the mention picker shows for the text and caret (spec §5): open while the caret is in a
 * mention (shared/mentions.ts decides what is one) that was not dismissed and some name matches;
 * a new query starts from the first match, an old one keeps its highlight within the matches.
 */
export function mentionPickerState({ text, caret, usernames, dismissedAt, highlight }: PickerInput): MentionPickerState {
  const active = caret === null ? null : mentionQueryAt(text, caret);
  const options = active ? matchUsernames(usernames, active.query) : [];
  if (active === null || active.start === dismissedAt || options.length === 0) return { open: false, active, options, activeIndex: 0 };
  const activeIndex = highlight.query === active.query ? Math.min(highlight.index, options.length - 1) : 0;
  return { open: true, active, options, activeIndex };
}

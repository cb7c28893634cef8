import { describe, expect, it } from "vitest";
import { mentionPickerState } from "./mention-picker-state";

const TEAM = ["alex", "sal", "sam.taylor", "Robin"];
const state = (text: string, caret: number | null = text.length, extra: { dismissedAt?: number; highlight?: { query: string; index: number } } = {}) =>
  mentionPickerState({
    text,
    caret,
    usernames: TEAM,
    dismissedAt: extra.dismissedAt ?? null,
    highlight: extra.highlight ?? { query: "", index: 0 },
  });

describe("the mention picker while typing a note (spec §5)", () => {
  it("opens after an @ at the start or after a space, offering names that start with the query first", () => {
    expect(state("@")).toMatchObject({ open: true, options: ["alex", "sal", "sam.taylor", "Robin"] });
    expect(state("hi @al")).toMatchObject({ open: true, active: { start: 3, query: "al" }, options: ["alex", "sal"] });
    expect(state("hi @RO")).toMatchObject({ open: true, options: ["Robin"] });
  });

  it("stays shut inside an email address, after a space, with nothing matching, or with a range selected", () => {
    expect(state("mail bob@al").open).toBe(false);
    expect(state("@alex ").open).toBe(false);
    expect(state("@zz").open).toBe(false);
    expect(state("@al", null).open).toBe(false);
  });

  it("reads only up to the caret", () => {
    expect(state("@sam and more", 3)).toMatchObject({ open: true, active: { start: 0, query: "sa" }, options: ["sal", "sam.taylor"] });
  });

  it("stays closed for the @ that was dismissed, and opens for a new one", () => {
    expect(state("@al", 3, { dismissedAt: 0 }).open).toBe(false);
    expect(state("@al @s", 6, { dismissedAt: 0 }).open).toBe(true);
  });

  it("keeps the highlight for the same query, within the matches, and starts over for a new query", () => {
    expect(state("@a", 2, { highlight: { query: "a", index: 2 } }).activeIndex).toBe(2);
    expect(state("@al", 3, { highlight: { query: "al", index: 9 } }).activeIndex).toBe(1);
    expect(state("@al", 3, { highlight: { query: "a", index: 2 } }).activeIndex).toBe(0);
  });
});

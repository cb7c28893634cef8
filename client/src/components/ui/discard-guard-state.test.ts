import { describe, expect, it } from "vitest";
import type { AskToDiscard } from "@/lib/unsaved-changes";
import { discardGuardState } from "./discard-guard-state";

/** A guard whose page holds and question are recorded rather than shown. */
function guard() {
  const seen = { holds: 0, releases: 0, question: null as (() => void) | null, ask: null as AskToDiscard | null };
  const state = discardGuardState({
    hold(ask) {
      seen.holds++;
      seen.ask = ask;
      return () => seen.releases++;
    },
    showQuestion(proceed) {
      seen.question = proceed;
    },
  });
  return { state, seen };
}

describe("discardGuardState", () => {
  it("closes at once when no form holds changes, without holding the page", () => {
    const { state, seen } = guard();
    let closed = 0;
    state.close(() => closed++);
    expect(closed).toBe(1);
    expect(seen).toMatchObject({ holds: 0, question: null });
  });

  it("asks first when a form holds changes, and closes only on Discard", () => {
    const { state, seen } = guard();
    let closed = 0;
    state.report("form", true);
    state.close(() => closed++);
    expect(closed).toBe(0);
    expect(seen.question).not.toBeNull();
    state.answer(false);
    expect(seen.question).toBeNull();
    expect(closed).toBe(0);
    state.close(() => closed++);
    state.answer(true);
    expect(closed).toBe(1);
    // Discarding gave the changes up: the page is let go, and the next close does not ask.
    expect(seen.releases).toBe(1);
    state.close(() => closed++);
    expect(closed).toBe(2);
  });

  it("holds the page once while any form is changed and lets go when the last is clean", () => {
    const { state, seen } = guard();
    state.report("a", true);
    state.report("b", true);
    expect(seen.holds).toBe(1);
    state.report("a", false);
    expect(seen.releases).toBe(0);
    state.report("b", false);
    expect(seen.releases).toBe(1);
    state.report("a", true);
    expect(seen.holds).toBe(2);
  });

  it("asks through the page hold too (a reload or a link), and goes on only on Discard", () => {
    const { state, seen } = guard();
    let left = 0;
    state.report("form", true);
    seen.ask?.(() => left++);
    expect(seen.question).not.toBeNull();
    state.answer(true);
    expect(left).toBe(1);
  });

  it("opens freely through onOpenChange and closes through the guard", () => {
    const { state, seen } = guard();
    const calls: boolean[] = [];
    const onOpenChange = state.onOpenChange((open) => calls.push(open));
    state.report("form", true);
    onOpenChange(true);
    onOpenChange(false);
    expect(calls).toEqual([true]);
    expect(seen.question).not.toBeNull();
    state.answer(true);
    expect(calls).toEqual([true, false]);
  });

  it("an answer with no question waiting does nothing; release lets the page go once", () => {
    const { state, seen } = guard();
    expect(() => state.answer(true)).not.toThrow();
    state.report("form", true);
    state.release();
    state.release();
    expect(seen.releases).toBe(1);
  });
});

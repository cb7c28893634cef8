import { beforeEach, describe, expect, it, vi } from "vitest";
import { READ_POSITION_HEADER } from "@shared/live-position";
import { forgetReads, noteRead, readRound, takeStart, UNKNOWN_START } from "./read-positions";

const reply = (position?: string) => new Headers(position === undefined ? {} : { [READ_POSITION_HEADER]: position });

beforeEach(() => forgetReads());

describe("where the page's first stream starts", () => {
  it("at the earliest read's position, whatever order the replies came in", () => {
    const sent = readRound();
    noteRead(reply("w1-9"), sent);
    noteRead(reply("w1-4"), sent);
    noteRead(reply("w1-7"), sent);
    noteRead(reply(), sent);
    expect(takeStart(() => {})).toBe("w1-4");
  });

  it("from now when no read said where it began, and with a resync when reads came from several servers", () => {
    expect(takeStart(() => {})).toBeUndefined();
    forgetReads();
    const sent = readRound();
    noteRead(reply("w1-4"), sent);
    noteRead(reply("w2-1"), sent);
    expect(takeStart(() => {})).toBe(UNKNOWN_START);
  });

  it("keeps a window name holding a dash whole", () => {
    noteRead(reply("a-b_c-12"), readRound());
    expect(takeStart(() => {})).toBe("a-b_c-12");
  });
});

describe("a read sent before the stream started and answered after", () => {
  it("reads the screen again when it began before the start or on another server, and not otherwise", () => {
    const early = readRound();
    noteRead(reply("w1-5"), early);
    const late = vi.fn();
    takeStart(late);
    noteRead(reply("w1-5"), early);
    noteRead(reply("w1-8"), early);
    expect(late).not.toHaveBeenCalled();
    noteRead(reply("w1-3"), early);
    expect(late).toHaveBeenCalledTimes(1);
    noteRead(reply("w9-1"), early);
    expect(late).toHaveBeenCalledTimes(2);
  });

  it("reads it again when the stream started from now, knowing no position", () => {
    const early = readRound();
    const late = vi.fn();
    takeStart(late);
    noteRead(reply("w1-1"), early);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it("reads sent after the start only count toward the next stream's start", () => {
    noteRead(reply("w1-5"), readRound());
    const late = vi.fn();
    takeStart(late);
    noteRead(reply("w1-2"), readRound());
    expect(late).not.toHaveBeenCalled();
    expect(takeStart(() => {})).toBe("w1-2");
  });

  it("is forgotten when the stream closes: a later sign-in starts from its own reads", () => {
    const early = readRound();
    const late = vi.fn();
    takeStart(late);
    forgetReads();
    noteRead(reply("w1-1"), early);
    expect(late).not.toHaveBeenCalled();
    expect(takeStart(() => {})).toBeUndefined();
  });
});

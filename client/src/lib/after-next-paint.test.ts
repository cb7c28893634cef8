import { describe, expect, it } from "vitest";
import { AFTER_PAINT_FALLBACK_MS, afterNextPaint, type FrameTimers } from "./after-next-paint";

/** Frames and timers that run only when told, recording what was asked. */
function steppedTimers() {
  const asked: string[] = [];
  let frames: (() => void)[] = [];
  const timeouts = new Map<number, (() => void)[]>();
  const timers: FrameTimers = {
    requestAnimationFrame: (work) => {
      asked.push("frame");
      frames.push(work);
    },
    setTimeout: (work, ms) => {
      asked.push(`timeout ${ms}`);
      timeouts.set(ms, [...(timeouts.get(ms) ?? []), work]);
    },
  };
  const paint = () => {
    const due = frames;
    frames = [];
    due.forEach((work) => work());
  };
  const elapse = (ms: number) => {
    const due = timeouts.get(ms) ?? [];
    timeouts.delete(ms);
    due.forEach((work) => work());
  };
  return { timers, asked, paint, elapse };
}

describe("afterNextPaint", () => {
  it("runs the work in a task queued from the next frame, not before", () => {
    const { timers, asked, paint, elapse } = steppedTimers();
    let ran = 0;
    afterNextPaint(() => ran++, timers);
    expect(ran).toBe(0);
    paint();
    expect(ran).toBe(0);
    expect(asked).toEqual(["frame", `timeout ${AFTER_PAINT_FALLBACK_MS}`, "timeout 0"]);
    elapse(0);
    expect(ran).toBe(1);
    elapse(AFTER_PAINT_FALLBACK_MS);
    expect(ran).toBe(1);
  });

  it("runs it anyway when no frame comes (a hidden page), and only once", () => {
    const { timers, paint, elapse } = steppedTimers();
    let ran = 0;
    afterNextPaint(() => ran++, timers);
    elapse(AFTER_PAINT_FALLBACK_MS);
    expect(ran).toBe(1);
    paint();
    elapse(0);
    expect(ran).toBe(1);
  });
});

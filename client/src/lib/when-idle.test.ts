import { describe, expect, it } from "vitest";
import { IDLE_FALLBACK_MS, IDLE_TIMEOUT_MS, whenIdle, type IdleTimers } from "./when-idle";

/** Timers that record what was asked of them and run nothing until told. */
function recordingTimers(withIdle: boolean) {
  const asked: string[] = [];
  const pending = new Map<number, () => void>();
  let next = 1;
  const later = (kind: string) => (work: () => void, wait: number | { timeout: number }) => {
    asked.push(`${kind} ${typeof wait === "number" ? wait : wait.timeout}`);
    pending.set(next, work);
    return next++;
  };
  const cancel = (kind: string) => (handle: unknown) => {
    asked.push(`cancel ${kind}`);
    pending.delete(handle as number);
  };
  const timers: IdleTimers = {
    setTimeout: later("timeout"),
    clearTimeout: cancel("timeout"),
    ...(withIdle ? { requestIdleCallback: later("idle"), cancelIdleCallback: cancel("idle") } : {}),
  };
  const runAll = () => [...pending.values()].forEach((work) => work());
  return { timers, asked, runAll };
}

describe("whenIdle", () => {
  it("waits for an idle moment, with a timeout, where the browser has idle callbacks", () => {
    const { timers, asked, runAll } = recordingTimers(true);
    let ran = 0;
    whenIdle(() => ran++, timers);
    expect(asked).toEqual([`idle ${IDLE_TIMEOUT_MS}`]);
    expect(ran).toBe(0);
    runAll();
    expect(ran).toBe(1);
  });

  it("falls back to a short timer without idle callbacks", () => {
    const { timers, asked } = recordingTimers(false);
    whenIdle(() => undefined, timers);
    expect(asked).toEqual([`timeout ${IDLE_FALLBACK_MS}`]);
  });

  it("cancels the work it scheduled, either way", () => {
    for (const withIdle of [true, false]) {
      const { timers, asked, runAll } = recordingTimers(withIdle);
      let ran = 0;
      whenIdle(() => ran++, timers)();
      runAll();
      expect(ran).toBe(0);
      expect(asked.at(-1)).toBe(`cancel ${withIdle ? "idle" : "timeout"}`);
    }
  });
});

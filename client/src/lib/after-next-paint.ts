/** The two ways to run work later that `afterNextPaint` needs. */
export interface FrameTimers {
  requestAnimationFrame(work: () => void): unknown;
  setTimeout(work: () => void, ms: number): unknown;
}

/** A hidden page paints no frames: work waits at most this long for one. */
export const AFTER_PAINT_FALLBACK_MS = 100;

/**
 * Runs `work` once, after the browser has painted its next frame: a task queued from an animation
 * frame runs after that frame's paint. For work the person does not see at once (sending a
 * request), so it stays out of the frame that shows what they did.
 */
export function afterNextPaint(work: () => void, timers: FrameTimers = globalThis as unknown as FrameTimers): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    work();
  };
  timers.requestAnimationFrame.call(timers, () => timers.setTimeout.call(timers, run, 0));
  timers.setTimeout.call(timers, run, AFTER_PAINT_FALLBACK_MS);
}

/** The two ways a browser can run work later; Safari has only timers. */
export interface IdleTimers {
  requestIdleCallback?: (work: () => void, options: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout(work: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** At most this long before idle work runs anyway, on a page that is never idle. */
export const IDLE_TIMEOUT_MS = 2000;
/** Without idle callbacks: late enough to let the first paint go first. */
export const IDLE_FALLBACK_MS = 200;

/**
 * Runs `work` when the page is idle (or after a short delay where there is no idle callback);
 * returns the cancel. Used for preparing what the person is likely to need next.
 */
export function whenIdle(work: () => void, timers: IdleTimers = globalThis as unknown as IdleTimers): () => void {
  const { requestIdleCallback: request, cancelIdleCallback: cancel } = timers;
  if (typeof request === "function" && typeof cancel === "function") {
    const handle = request.call(timers, work, { timeout: IDLE_TIMEOUT_MS });
    return () => cancel.call(timers, handle);
  }
  const handle = timers.setTimeout.call(timers, work, IDLE_FALLBACK_MS);
  return () => timers.clearTimeout.call(timers, handle);
}

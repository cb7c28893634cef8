// The page's clock, for checking what happens after a delay (a debounce, a toast that follows
// another) without waiting for it: install Playwright's clock before the page loads
// (`page.clock.install()`), stop it with `pauseClock` just before the action, then move it with
// `page.clock.runFor(ms)`; `page.clock.resume()` lets it run at real speed again.
import type { Page } from "playwright-core";

/**
 * Stops the page's clock a moment ahead of its present (timers due by then fire first); from here
 * on the page's timers fire only when the test moves the clock. Returns the page's time then.
 */
export async function pauseClock(page: Page): Promise<number> {
  // Ahead of the page's present by more than the round trip to the page takes, since the clock
  // cannot be moved back.
  const at = (await page.evaluate(() => Date.now())) + 1_000;
  await page.clock.pauseAt(at);
  return at;
}

/**
 * Resolves once the page has run the tasks already queued (React renders in such a task), by a
 * message through a MessageChannel, which the paused clock does not hold, unlike a timer or an
 * animation frame.
 */
export async function nextTask(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

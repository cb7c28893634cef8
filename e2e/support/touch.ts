// A finger on a touch screen, through Chrome's own input pipeline (CDP Input.dispatchTouchEvent):
// the browser scrolls, fires pointer and touch events and honours touch-action as for a person.
import type { Page } from "playwright-core";
import { nextPaint } from "./ui";

export interface Point {
  x: number;
  y: number;
}

async function touch(page: Page, run: (send: (type: "touchStart" | "touchMove" | "touchEnd", at?: Point) => Promise<void>) => Promise<void>) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await run(async (type, at) => {
      await cdp.send("Input.dispatchTouchEvent", { type, touchPoints: at ? [{ x: at.x, y: at.y }] : [] });
    });
  } finally {
    await cdp.detach();
  }
}

const between = (from: Point, to: Point, steps: number) =>
  Array.from({ length: steps }, (_, i) => ({ x: from.x + ((to.x - from.x) * (i + 1)) / steps, y: from.y + ((to.y - from.y) * (i + 1)) / steps }));

/** A quick swipe from one point to another, the finger lifted at the end (a scroll, on most screens). */
export function swipe(page: Page, from: Point, to: Point, steps = 8): Promise<void> {
  return touch(page, async (send) => {
    const [first, ...rest] = between(from, to, steps);
    // A finger that swipes is moving as it lands: the first move goes with the touch, not after
    // its answer came back, or a busy machine's round trip held the finger still long enough to
    // count as a long press (the photo grid picks a photo up after 200 ms) and nothing scrolled.
    await Promise.all([send("touchStart", from), send("touchMove", first)]);
    for (const at of rest) await send("touchMove", at);
    await send("touchEnd");
  });
}

/**
 * Presses and holds until `pickedUp` resolves (the page shows the item lifted), then drags to `to`
 * and lets go: a long-press drag, the finger held for as long as the page takes to respond.
 */
export function longPressDrag(page: Page, from: Point, to: Point, pickedUp: () => Promise<unknown>, steps = 12): Promise<void> {
  return touch(page, async (send) => {
    await send("touchStart", from);
    await pickedUp();
    for (const at of between(from, to, steps)) {
      await send("touchMove", at);
      await nextPaint(page);
    }
    await send("touchEnd");
  });
}

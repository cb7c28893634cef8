// The touch-size audit: every control a finger can reach has a hit area of at least
// 44x44 CSS pixels, its own box or a larger one around it (a label, or an element marked
// data-hit-area that passes its taps on).
import type { Page } from "playwright-core";
import { animationsSettled } from "./suite";
import { TIMEOUT } from "../../testing/timeouts.ts";

const MIN = 44;

/** Controls on screen whose hit area is under 44x44, described for a failure message. */
export async function smallTapTargets(page: Page): Promise<string[]> {
  // Dialogs and menus zoom in: measure them at their final size.
  await animationsSettled(page);
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="checkbox"], [role="switch"], [role="tab"], [role="menuitem"], [role="option"], [role="combobox"], [role="radio"], [tabindex]:not([tabindex="-1"])',
    );
    const small: string[] = [];
    const big = (r: DOMRect) => r.width >= min - 0.5 && r.height >= min - 0.5;
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // Not on screen: nothing to tap.
      if (box.width <= 1 || box.height <= 1 || style.visibility === "hidden" || style.pointerEvents === "none") continue;
      if (el.closest("[inert], [aria-hidden='true']")) continue;
      // Visually hidden until focused (the skip link): nothing to tap.
      if (style.clip === "rect(0px, 0px, 0px, 0px)" || style.clipPath === "inset(50%)") continue;
      if (big(box)) continue;
      const host = el.parentElement?.closest<HTMLElement>("label, [data-hit-area]");
      if (host && big(host.getBoundingClientRect())) continue;
      const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      small.push(`${el.tagName.toLowerCase()}${el.getAttribute("role") ? `[role=${el.getAttribute("role")}]` : ""} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
    return small;
  }, MIN);
}

/** How much wider than the window the page is now (0 when nothing scrolls sideways). */
const overflowNow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * How much wider than the window the page is once it has settled: 0 as soon as nothing scrolls
 * sideways, else what is still too wide after a browser condition's wait. A screen measured just
 * as its heading shows can still hold its loading state's parts (a loaded machine showed 14 px
 * for one moment); a real overflow stays.
 */
export async function sidewaysOverflow(page: Page): Promise<number> {
  const fits = () => document.documentElement.scrollWidth <= document.documentElement.clientWidth;
  // Not settling is an answer too: what is still too wide is then returned.
  await page.waitForFunction(fits, undefined, { timeout: TIMEOUT.condition }).catch(() => undefined);
  return overflowNow(page);
}

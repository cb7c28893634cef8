// What the browser sections of another layout of the active list (the deal board, the table)
// measure and print alike: the category filter as the same run's yardstick, the layout's first
// item beside the grid's first card, and a gesture against two 60 Hz frames.
import type { Page } from "playwright-core";
import { AWAIT_VIEW, median, ms, times } from "../listings-browser.js";

const TWO_FRAMES = 1000 / 30;

/** The category filter chosen and undone on the page whose root has `testId`, timed as the lists' filters are. */
export async function categoryFilterTimes(page: Page, testId?: string): Promise<number[]> {
  const results: number[] = [];
  for (const [option, part] of [["Homerun", "category=Homerun"], ["All categories", ""]] as const) {
    await page.evaluate(AWAIT_VIEW(part, testId));
    await page.getByTestId("filter-category").selectOption({ label: option });
    results.push(Number(await page.evaluate("window.__viewDone")));
  }
  return results;
}

interface Loads {
  first: { firstCard: number };
  warm: { firstCard: number };
}

/** The layout's first item against the grid's first card (goal within 1.5x), and the DOM it keeps. */
export function reportFirstItem(o: { listings: number; grid: Loads; layout: Loads; firstItem: string; name: string; dom: string }): void {
  const firstGrid = "first card, Active Listings grid:";
  const width = Math.max(firstGrid.length, o.firstItem.length + 1);
  console.log(`  Chromium, 1280×800, ${o.listings.toLocaleString("en-US")} listings, median of the warm loads after a first (cold) one\n`);
  console.log(`  ${firstGrid.padEnd(width)} first ${ms(o.grid.first.firstCard)}, warm ${ms(o.grid.warm.firstCard)}`);
  console.log(`  ${`${o.firstItem}:`.padEnd(width)} first ${ms(o.layout.first.firstCard)}, warm ${ms(o.layout.warm.firstCard)}`);
  console.log(`  ${o.name} / grid (warm): ${times(o.layout.warm.firstCard, o.grid.warm.firstCard)} (goal within 1.50×)`);
  console.log(`  ${o.dom}`);
}

/** A gesture's median against two 60 Hz frames, beside the same run's category filter. */
export function reportGesture(o: { what: string; samples: number[]; filters: number[]; filterWhere: string; name: string }): void {
  const gesture = median(o.samples);
  const filter = median(o.filters);
  const list = (values: number[]) => values.map((d) => d.toFixed(0)).join(", ");
  console.log(`\n  ${o.what}; budget two 60 Hz frames (33.3 ms)`);
  console.log(`    median ${ms(gesture)} = ${times(gesture, TWO_FRAMES)} of two frames, max ${ms(Math.max(...o.samples))}  [${list(o.samples)}]`);
  console.log(`    the same run's category filter ${o.filterWhere} (choose, undo, twice): median ${ms(filter)}  [${list(o.filters)}]; ${o.name} / filter ${times(gesture, filter)}`);
}

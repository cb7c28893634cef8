// The deal board in Chromium with BENCH_LISTINGS listings (default 10,000, facts filled in, every
// stage used): navigation to the first board card against the Active Listings grid's first card in
// the same run (goal within 1.5x), and a stage drop, from the mouse's release to the first frame
// after the target column counts the card, as the filter timings are measured (goal two 60 Hz
// frames, 33.3 ms; docs/decisions/296-deal-board-at-scale.md). Runs the built app (`npm run build`
// first); builds nothing itself and asserts nothing.
import type { Page } from "playwright-core";
import { onBuiltApp } from "./lib/built-app-run.js";
import type { BenchSection } from "./lib/section.js";
import { categoryFilterTimes, reportFirstItem, reportGesture } from "./lib/layout-report.js";
import { navigationTimes, signedInContext } from "./listings-browser.js";

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 10_000);
const DROPS = Math.max(1, Number(process.env.BENCH_DROPS ?? 6));

// Resolves window.__dropDone with the time from the last input (the mouse's release) to the first
// frame after the column `stage` shows `count` listings. Page-side code is plain text (see listings-browser.ts).
const AWAIT_COUNT = (stage: string, count: string) => `
  (() => {
    const column = document.querySelector("[data-testid='board-column'][data-stage='${stage}']");
    const counted = () => column.querySelector("[data-testid='board-count']").textContent === ${JSON.stringify(count)};
    window.__dropDone = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (!counted()) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - window.__bench.input));
      });
      observer.observe(column, { subtree: true, childList: true, characterData: true });
    });
  })()
`;

const column = (page: Page, stage: string) => page.locator(`[data-testid='board-column'][data-stage='${stage}']`);
const countOf = async (page: Page, stage: string) => Number((await column(page, stage).getByTestId("board-count").textContent())!.replace(/,/g, ""));

/** Drags the first card of `from` onto `to`; milliseconds from the release to the frame after `to` counts it. */
async function dropTime(page: Page, from: string, to: string): Promise<number> {
  const card = column(page, from).getByTestId("board-card").first();
  const box = (await card.boundingBox())!;
  const target = (await column(page, to).boundingBox())!;
  const expected = (await countOf(page, to)) + 1;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 8);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 10, box.y + box.height - 8, { steps: 3 });
  await page.mouse.move(target.x + target.width / 2, target.y + 200, { steps: 8 });
  await page.evaluate(AWAIT_COUNT(to, expected.toLocaleString("en-US")));
  // The save and the list's refresh after it finish before the next drop (the event stream
  // never lets the network go idle).
  const saved = page.waitForResponse((res) => res.request().method() === "PATCH");
  const refreshed = page.waitForResponse((res) => res.url().endsWith("/api/listings/active"));
  await page.mouse.up();
  const elapsed = Number(await page.evaluate("window.__dropDone"));
  await Promise.all([saved, refreshed]);
  return elapsed;
}

async function run(): Promise<void> {
  await onBuiltApp({
    listings: LISTINGS,
    measure: async ({ server, browser }) => {
      const context = await signedInContext(server.baseURL, browser);
      const grid = await navigationTimes(context, "firstCard", "/");
      const board = await navigationTimes(context, "firstCard", "/pipeline");

      const page = await context.newPage();
      await page.goto("/pipeline");
      await column(page, "Proposal").getByTestId("board-card").first().waitFor();
      const drops: number[] = [];
      for (let i = 0; i < DROPS; i++) drops.push(await dropTime(page, i % 2 === 0 ? "Proposal" : "Active", i % 2 === 0 ? "Active" : "Proposal"));
      const filters = [...(await categoryFilterTimes(page, "deal-board")), ...(await categoryFilterTimes(page, "deal-board"))];
      const domNodes = await page.evaluate(() => document.getElementsByTagName("*").length);
      const cards = await page.getByTestId("board-card").count();
      await context.close();

      reportFirstItem({ listings: LISTINGS, grid, layout: board, firstItem: "first card, deal board", name: "board", dom: `DOM on the board: ${domNodes.toLocaleString("en-US")} elements, ${cards} cards` });
      reportGesture({ what: "stage drop, mouse release → next frame after the column counts the card", samples: drops, filters, filterWhere: "on the board", name: "drop" });
    },
  });
}

export const dealBoardBrowser: BenchSection = { title: "Deal board in the browser", run };

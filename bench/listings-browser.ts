// The Active Listings page in Chromium with BENCH_LISTINGS listings (default 10,000, with most of
// their facts filled in): time from navigation to the first card, per search keystroke from
// keydown to the first frame after React has shown the filtered list, and the same for the
// facts' filters and each sort choice. Baselines: the same page with no listings.
// Runs the built app (`npm run build` first); builds nothing itself and asserts nothing.
import fs from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { launchBrowser, newContext } from "../e2e/support/browser.js";
import { isBuilt, seededDataDir, startBuiltServer, USERNAME, type BuiltServer } from "./lib/built-server.js";
import type { BenchSection } from "./lib/section.js";
import { PASSWORD } from "./lib/sign-in.js";

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 10_000);
const NAVIGATIONS = Number(process.env.BENCH_NAVIGATIONS ?? 5);
// A file to write a Chromium trace of the category choices to (10,000 listings only), for
// chrome://tracing or the DevTools Performance panel. Tracing slows the page: its two figures
// are not comparable with an untraced run.
const TRACE = process.env.BENCH_TRACE;
// How many times to time each filter that can be undone (category, property type), reporting the
// median: on a shared machine one sample can be off by a factor of two.
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 1));
const TYPED = "morgantown";

// Page-side code is plain text: tsx wraps named functions in a helper that does not exist in the page.
// Installed in every page: remembers when the first listing card (or deal board card, or table row) and the result count (shown
// once the list has loaded, empty or not) appear, and when the search box last got a keydown.
const RECORD_MILESTONES = `
  const marks = (window.__bench = {});
  const check = () => {
    if (marks.firstCard === undefined && document.querySelector("[data-testid='listing-card'], [data-testid='board-card'], [data-testid='listing-row']")) marks.firstCard = performance.now();
    if (marks.listReady === undefined && document.querySelector("[data-testid='listing-count']")) marks.listReady = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
  document.addEventListener("keydown", (event) => {
    if (event.target && event.target.matches && event.target.matches("[data-testid='listing-search']")) marks.keydown = performance.now();
    marks.input = performance.now();
  }, true);
  // The start of a filter or sort choice: the pointer goes down on a checkbox, or the browser's
  // own select reports the option chosen in its picker (its first event on the page).
  document.addEventListener("pointerdown", () => (marks.input = performance.now()), true);
  // A deal board card dropped (bench/deal-board-browser.ts).
  document.addEventListener("pointerup", () => (marks.input = performance.now()), true);
  document.addEventListener("input", (event) => {
    if (event.target && event.target.tagName === "SELECT") marks.input = performance.now();
  }, true);
`;

// Resolves window.__viewDone with the time from the last input (pointer down, key down) to the
// first frame after the list shows filters and sort whose address holds the given text.
export const AWAIT_VIEW = (part: string, testId = "listings-workspace") => `
  (() => {
    const workspace = document.querySelector("[data-testid='${testId}']");
    window.__viewDone = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (!workspace.getAttribute("data-view").includes(${JSON.stringify(part)})) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - window.__bench.input));
      });
      observer.observe(workspace, { attributes: true, attributeFilter: ["data-view"] });
    });
  })()
`;

// Resolves window.__keyDone with the time from the last keydown to the first frame after the
// list has been filtered for the given text (the workspace's data-search attribute).
const AWAIT_FILTERED = (value: string) => `
  (() => {
    const workspace = document.querySelector("[data-testid='listings-workspace']");
    window.__keyDone = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (workspace.getAttribute("data-search") !== ${JSON.stringify(value)}) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - window.__bench.keydown));
      });
      observer.observe(workspace, { attributes: true, attributeFilter: ["data-search"] });
    });
  })()
`;

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
export const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : "-");
export const times = (a: number, b: number) => (b > 0 && Number.isFinite(a) ? `${(a / b).toFixed(2)}×` : "-");

export async function signedInContext(baseURL: string, browser: Awaited<ReturnType<typeof launchBrowser>>): Promise<BrowserContext> {
  const context = await newContext(browser, { baseURL });
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(60_000);
  const res = await context.request.post("/api/login", { data: { username: USERNAME, password: PASSWORD } });
  if (!res.ok()) throw new Error(`bench sign-in failed: HTTP ${res.status()}`);
  await context.addInitScript(RECORD_MILESTONES);
  // BENCH_CSS: a stylesheet added to every page, to try what a rule would save without a build
  // (decision 144 timed `* { transition: none !important }` this way).
  if (process.env.BENCH_CSS) {
    await context.addInitScript(`{
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(${JSON.stringify(process.env.BENCH_CSS)});
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    }`);
  }
  return context;
}

type Milestone = "firstCard" | "listReady";
interface NavigationTimes {
  /** The first, cold load (nothing cached yet). */
  first: Record<Milestone, number>;
  /** The median of the warm loads after it. */
  warm: Record<Milestone, number>;
}

/** Milliseconds from navigation start to each milestone, over NAVIGATIONS fresh page loads of `path`. */
export async function navigationTimes(context: BrowserContext, awaited: Milestone, path = "/"): Promise<NavigationTimes> {
  const samples: Record<Milestone, number>[] = [];
  for (let i = 0; i < NAVIGATIONS; i++) {
    const page = await context.newPage();
    await page.goto(path, { waitUntil: "commit" });
    // An inline arrow (no name for tsx to wrap); a string predicate would need eval, which the CSP forbids.
    await page.waitForFunction((m) => (window as unknown as { __bench?: Record<string, number> }).__bench?.[m], awaited);
    const marks = (await page.evaluate("window.__bench")) as Record<Milestone, number | undefined>;
    samples.push({ firstCard: marks.firstCard ?? NaN, listReady: marks.listReady ?? NaN });
    await page.close();
  }
  const warm = samples.length > 1 ? samples.slice(1) : samples;
  return {
    first: samples[0],
    warm: { firstCard: median(warm.map((s) => s.firstCard)), listReady: median(warm.map((s) => s.listReady)) },
  };
}

/** Types TYPED into the search box; per key, keydown to the frame after the filtered list commits. */
async function keystrokeTimes(page: Page): Promise<number[]> {
  const search = page.getByTestId("listing-search");
  await search.click();
  const results: number[] = [];
  for (let i = 1; i <= TYPED.length; i++) {
    const expected = TYPED.slice(0, i);
    await page.evaluate(AWAIT_FILTERED(expected));
    await page.keyboard.press(TYPED[i - 1]);
    results.push(Number(await page.evaluate("window.__keyDone")));
  }
  return results;
}

/**
 * Chooses `option` in the select `testId`; milliseconds from the choice reaching the page (the
 * select's input event, as when a person picks in the browser's picker) to the frame after the
 * list shows it.
 */
async function choiceTime(page: Page, testId: string, option: string, viewPart: string): Promise<number> {
  await page.evaluate(AWAIT_VIEW(viewPart));
  await page.getByTestId(testId).selectOption({ label: option });
  return Number(await page.evaluate("window.__viewDone"));
}

/** A filter chosen and then undone, REPEAT times; the median of each. */
async function undoableChoice(page: Page, label: string, undoLabel: string, testId: string, option: string, all: string, part: string): Promise<[string, number][]> {
  const chosen: number[] = [];
  const undone: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    chosen.push(await choiceTime(page, testId, option, part));
    undone.push(await choiceTime(page, testId, all, ""));
  }
  return [
    [`filter: ${label}`, median(chosen)],
    [`filter: ${undoLabel}`, median(undone)],
  ];
}

const TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-devtools.timeline.stack", "blink.user_timing", "v8.execute", "disabled-by-default-v8.cpu_profiler"];

/** The listing facts' filter and sort operations, each timed from its input to the frame after the list commits. */
async function factTimes(page: Page, trace?: string): Promise<[string, number][]> {
  const results: [string, number][] = [];
  const browser = page.context().browser();
  if (trace && browser) await browser.startTracing(page, { path: trace, categories: TRACE_CATEGORIES });
  // The spec's own category filter, the same kind of control, for comparison.
  results.push(...(await undoableChoice(page, "category Homerun (spec's, for comparison)", "category, all again", "filter-category", "Homerun", "All categories", "category=Homerun")));
  if (trace && browser) await browser.stopTracing();
  results.push(...(await undoableChoice(page, "property type Retail", "property type, all again", "filter-property-type", "Retail", "All property types", "type=Retail")));
  for (const [label, part] of [
    ["Price: low to high", "sort=price-asc"],
    ["Price: high to low", "sort=price-desc"],
    ["Size: large to small", "sort=size-desc"],
    ["Expiration: soonest", "sort=expiration-asc"],
    ["Name: A–Z", "sort=name-asc"],
    ["Newest first", ""],
  ] as const) {
    results.push([`sort: ${label}`, await choiceTime(page, "listing-sort", label, part)]);
  }
  results.push(["filter: deal stage Active", await choiceTime(page, "filter-deal-stage", "Active", "stage=Active")]);
  const expiring = page.getByRole("checkbox", { name: "Expiring within 30 days" });
  await page.evaluate(AWAIT_VIEW("expiring=1"));
  await expiring.click();
  results.push(["filter: expiring within 30 days", Number(await page.evaluate("window.__viewDone"))]);
  // A price bound typed a key at a time: "500K" is 5, 50, 500 and then 500,000.
  const min = page.getByTestId("filter-price-min");
  await min.click();
  for (const [key, part] of [["5", "minPrice=5"], ["0", "minPrice=50"], ["0", "minPrice=500"], ["K", "minPrice=500000"]] as const) {
    await page.evaluate(AWAIT_VIEW(part));
    await page.keyboard.press(key);
    results.push([`filter: min price key "${key}"`, Number(await page.evaluate("window.__viewDone"))]);
  }
  return results;
}

async function measure(baseURL: string, browser: Awaited<ReturnType<typeof launchBrowser>>, withListings: boolean) {
  const context = await signedInContext(baseURL, browser);
  try {
    const navigation = await navigationTimes(context, withListings ? "firstCard" : "listReady");
    const page = await context.newPage();
    await page.goto("/");
    await page
      .getByTestId("listing-count")
      .waitFor()
      .catch(async (err: Error) => {
        const shown = await page.locator("body").innerText().catch(() => "");
        throw new Error(`${err.message}\nthe page showed:\n${shown.slice(0, 500)}`);
      });
    const keys = await keystrokeTimes(page);
    const domNodes = await page.evaluate(() => document.getElementsByTagName("*").length);
    const cards = await page.getByTestId("listing-card").count();
    // Filters and sort over the whole list: clear the search first.
    await page.getByTestId("listing-search").fill("");
    await page.waitForFunction(() => document.querySelector("[data-testid='listings-workspace']")?.getAttribute("data-search") === "");
    const facts = await factTimes(page, withListings ? TRACE : undefined);
    return { navigation, keys, domNodes, cards, facts };
  } finally {
    await context.close();
  }
}

async function run(): Promise<void> {
  if (!isBuilt()) {
    console.log("  skipped: dist/server/index.js is missing; run `npm run build` first");
    return;
  }
  const seeding = performance.now();
  const [seededDir, emptyDir] = await Promise.all([seededDataDir(LISTINGS), seededDataDir(0)]);
  console.log(`  seeded ${LISTINGS.toLocaleString("en-US")} listings in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

  const servers: BuiltServer[] = [];
  const browser = await launchBrowser();
  try {
    const seeded = await startBuiltServer(seededDir);
    servers.push(seeded);
    const empty = await startBuiltServer(emptyDir);
    servers.push(empty);

    const full = await measure(seeded.baseURL, browser, true);
    const none = await measure(empty.baseURL, browser, false);

    console.log(`  Chromium, 1280×800, median of ${Math.max(1, NAVIGATIONS - 1)} warm loads after a first (cold) one\n`);
    const count = LISTINGS.toLocaleString("en-US");
    const rows: [string, number, number][] = [
      ["list shown, no listings (baseline)", none.navigation.first.listReady, none.navigation.warm.listReady],
      [`list shown, ${count} listings`, full.navigation.first.listReady, full.navigation.warm.listReady],
      [`first card, ${count} listings`, full.navigation.first.firstCard, full.navigation.warm.firstCard],
    ];
    const width = Math.max(...rows.map((r) => r[0].length));
    console.log(`  ${"navigation to".padEnd(width)}  ${"first load".padStart(10)}  ${"warm".padStart(10)}`);
    for (const [label, first, warm] of rows) console.log(`  ${label.padEnd(width)}  ${ms(first).padStart(10)}  ${ms(warm).padStart(10)}`);
    console.log(
      `\n  first card with ${count} / empty list (warm): ${times(full.navigation.warm.firstCard, none.navigation.warm.listReady)}` +
        `   DOM with ${count} listings: ${full.domNodes.toLocaleString("en-US")} elements, ${full.cards} cards`,
    );

    const keyMedian = median(full.keys);
    const keyBaseline = median(none.keys);
    console.log(`\n  search keystroke, keydown → next frame after the filtered list commits ("${TYPED}", one key at a time)`);
    console.log(`    ${count} listings: median ${ms(keyMedian)}, max ${ms(Math.max(...full.keys))}  [${full.keys.map((k) => k.toFixed(0)).join(", ")}]`);
    console.log(`    no listings:  median ${ms(keyBaseline)}, max ${ms(Math.max(...none.keys))}  [${none.keys.map((k) => k.toFixed(0)).join(", ")}]`);
    console.log(`    ratio (median): ${times(keyMedian, keyBaseline)}   one 60 Hz frame is 16.7 ms`);

    // The listing facts' budget: each within two frames (33.3 ms) at 10,000 listings.
    const TWO_FRAMES = 1000 / 30;
    console.log(`\n  filters and sort, input → next frame after the list commits; budget two 60 Hz frames (33.3 ms)`);
    if (REPEAT > 1) console.log(`    category and property type: median of ${REPEAT} tries each`);
    const labelWidth = Math.max(...full.facts.map(([label]) => label.length));
    console.log(`    ${"".padEnd(labelWidth)}  ${`${count} listings`.padStart(16)}  ${"no listings".padStart(12)}  ${"/ 2 frames".padStart(10)}`);
    full.facts.forEach(([label, value], i) => {
      const baseline = none.facts[i]?.[1] ?? NaN;
      console.log(`    ${label.padEnd(labelWidth)}  ${ms(value).padStart(16)}  ${ms(baseline).padStart(12)}  ${times(value, TWO_FRAMES).padStart(10)}`);
    });
    const worst = Math.max(...full.facts.map(([, v]) => v));
    console.log(`    worst: ${ms(worst)} = ${times(worst, TWO_FRAMES)} of two frames`);
  } finally {
    await browser.close();
    for (const server of servers) await server.stop();
    for (const dir of [seededDir, emptyDir]) fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const listingsBrowser: BenchSection = { title: "Listings page in the browser", run };

// Mention → the recipient's bell: two Chromium contexts, the author writing notes that
// mention the recipient through the API, the recipient's page open on the workspace; timed from
// sending the note to the bell's new count on screen. One server on PGlite; with
// BENCH_DATABASE_URL also two app servers on PostgreSQL, author on one and recipient on the other.
import type { Page } from "playwright-core";
import { launchBrowser, newContext } from "../e2e/support/browser.js";
import { validListingInput } from "../server/test/factories.js";
import { BENCH_PASSWORD, firstAdmin, invitedMember, percentile, startAppServers } from "./lib/app-servers.js";
import { postgresNote } from "./lib/bench-databases.js";
import type { BenchSection } from "./lib/section.js";

const MENTIONS = Number(process.env.BENCH_MENTIONS ?? 20);
const RECIPIENT = "robin.reader";

// Page-side code is plain text (tsx would wrap a function in a helper the page lacks): records
// when the bell's unread count changes, by the page's clock (the same machine's as ours).
const RECORD_BELL = `
  window.__bell = [];
  const read = () => {
    const button = document.querySelector('button[aria-label^="Notifications, "]');
    const match = button && /Notifications, (\\d+) unread/.exec(button.getAttribute("aria-label"));
    return match ? Number(match[1]) : 0;
  };
  let last = 0;
  const tick = () => {
    const now = read();
    if (now !== last) { window.__bell.push({ count: now, at: Date.now() }); last = now; }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
`;

async function bellAt(page: Page, count: number): Promise<number> {
  await page.waitForFunction((n) => (window as unknown as { __bell: { count: number }[] }).__bell.some((b) => b.count >= n), count, { timeout: 15_000 });
  return page.evaluate((n) => (window as unknown as { __bell: { count: number; at: number }[] }).__bell.find((b) => b.count >= n)!.at, count);
}

async function runOn(label: string, servers: number, postgresUrl?: string) {
  const app = await startAppServers(servers, postgresUrl);
  const browser = await launchBrowser();
  try {
    const authorUrl = app.servers[0].url;
    const readerUrl = app.servers[servers - 1].url;
    const author = await firstAdmin(authorUrl);
    await invitedMember(authorUrl, author, RECIPIENT);
    const listing = await author.call("POST", "/api/listings", validListingInput({ listingName: "Latency Lofts" }));

    const context = await newContext(browser, { baseURL: readerUrl });
    const signIn = await context.request.post("/api/login", { data: { username: RECIPIENT, password: BENCH_PASSWORD } });
    if (signIn.status() !== 200) throw new Error(`reader sign-in: HTTP ${signIn.status()}`);
    const page = await context.newPage();
    // The first mention is timed from an open stream, as every later one is, not from page start-up.
    const streamOpen = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events" && response.status() === 200);
    await page.goto("/");
    await page.locator('button[aria-label^="Notifications"]').first().waitFor();
    await streamOpen;
    await page.evaluate(RECORD_BELL);

    const latencies: number[] = [];
    for (let i = 1; i <= MENTIONS; i++) {
      const sent = Date.now();
      const res = await author.call("POST", `/api/listings/${listing.body.id}/notes`, { content: `Ping ${i} for @${RECIPIENT}` });
      if (res.status !== 201) throw new Error(`note: HTTP ${res.status}`);
      latencies.push((await bellAt(page, i)) - sent);
    }
    console.log(
      `  ${label.padEnd(34)}  ${String(MENTIONS).padStart(8)}  ${percentile(latencies, 50).toFixed(0).padStart(7)}  ${percentile(latencies, 95).toFixed(0).padStart(7)}  ${Math.max(...latencies).toFixed(0).padStart(7)}`,
    );
  } finally {
    await browser.close();
    await app.stop();
  }
}

async function run() {
  const note = postgresNote();
  if (note) console.log(note);
  console.log(`  timed from sending the note to the recipient's bell showing it (goal: p95 <= 1000 ms; the 5 s poll alone would give up to 5000)\n`);
  console.log(`  ${"".padEnd(34)}  mentions   p50 ms   p95 ms   max ms`);
  await runOn("one server, PGlite", 1);
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    await runOn("one server, PostgreSQL", 1, url);
    await runOn("two servers, PostgreSQL (A → B)", 2, url);
  }
}

export const liveLatency: BenchSection = { title: "Live workspace: mention → recipient's bell in Chromium", run };

// A page's largest contentful paint in Chromium as a phone on a slow network sees it: the phone
// viewport, Lighthouse's "Slow 4G" (150 ms round trip, 1.6 Mbps down, 750 Kbps up) through CDP's
// Network.emulateNetworkConditions, and the CPU slowed 4x (Emulation.setCPUThrottlingRate).
// Each sample is a fresh browser context, so nothing is in its cache; the median is reported.
import { launchBrowser, newContext } from "../../e2e/support/browser.js";
import { TIMEOUT } from "../../testing/timeouts.ts";

const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
// LCP entries stop once the page has painted what it loads; this long after "load" none come.
const SETTLE_MS = 1_000;

export interface LcpSample {
  ms: number;
  /** What the largest paint was: "IMG", "H1", "P"... */
  element: string;
}

async function sample(url: string, browser: Awaited<ReturnType<typeof launchBrowser>>): Promise<LcpSample> {
  const context = await newContext(browser, { baseURL: url, device: "phone" });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: "load", timeout: TIMEOUT.browserTest });
    return await page.evaluate(
      (settle) =>
        new Promise<LcpSample>((resolve) => {
          let last: LcpSample = { ms: Number.NaN, element: "none" };
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
            const entry = entries[entries.length - 1];
            last = { ms: entry.startTime, element: entry.element?.tagName ?? "unknown" };
          }).observe({ type: "largest-contentful-paint", buffered: true });
          setTimeout(() => resolve(last), settle);
        }),
      SETTLE_MS,
    );
  } finally {
    await context.close();
  }
}

/** The median LCP of `samples` cold loads of url, and every sample. */
export async function phoneLcp(url: string, samples = 3): Promise<{ median: LcpSample; all: LcpSample[] }> {
  const browser = await launchBrowser();
  try {
    const all: LcpSample[] = [];
    for (let i = 0; i < samples; i++) all.push(await sample(url, browser));
    const sorted = [...all].sort((a, b) => a.ms - b.ms);
    return { median: sorted[Math.floor(sorted.length / 2)], all };
  } finally {
    await browser.close();
  }
}

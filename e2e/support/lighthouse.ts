// One Lighthouse audit of a page of the built server, in the journeys' own Chromium started with
// its DevTools port open (Lighthouse drives a browser through it), offline. Mobile is Lighthouse's
// default phone (a Moto G Power's screen, simulated Slow 4G and a 4x slower CPU); desktop its
// desktop preset (simulated cable, no CPU slowdown).
import net from "node:net";
import lighthouse, { desktopConfig } from "lighthouse";
import { launchDebuggableBrowser } from "./browser";

export type Category = "performance" | "accessibility" | "best-practices" | "seo";

export interface Audit {
  /** Each category's score, 0 to 100. */
  scores: Record<Category, number>;
  /** The weighted audits below full marks, named with their value, so a failure says what to fix. */
  lost: string[];
  cls: number;
  lcpMs: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Audits `url` in a Chromium of its own closed afterwards, and logs the result. An audit
 * Lighthouse could not run (its gatherer failed or timed out on a busy machine) scores its
 * whole category null, which would read as 0: that is the tool failing, not the page, so the
 * audit runs once more, and a second failure names the audits and Lighthouse's own message.
 */
export async function audit(url: string, options: { formFactor?: "mobile" | "desktop" } = {}): Promise<Audit> {
  const first = await auditOnce(url, options);
  if (first.unmeasured.length === 0) return first;
  console.log(`Lighthouse could not run ${first.unmeasured.join("; ")}: auditing again`);
  const second = await auditOnce(url, options);
  if (second.unmeasured.length > 0) throw new Error(`Lighthouse could not run, twice: ${second.unmeasured.join("; ")}`);
  return second;
}

async function auditOnce(url: string, { formFactor = "mobile" }: { formFactor?: "mobile" | "desktop" }): Promise<Audit & { unmeasured: string[] }> {
  const port = await freePort();
  const browser = await launchDebuggableBrowser(port);
  try {
    const result = await lighthouse(
      url,
      { port, logLevel: "error", output: "json", onlyCategories: ["performance", "accessibility", "best-practices", "seo"] },
      formFactor === "desktop" ? desktopConfig : undefined,
    );
    const lhr = result!.lhr;
    const scores = Object.fromEntries(Object.values(lhr.categories).map((c) => [c.id, Math.round((c.score ?? 0) * 100)])) as Record<Category, number>;
    const weighted = Object.values(lhr.categories).flatMap((c) => c.auditRefs.filter((ref) => ref.weight > 0).map((ref) => lhr.audits[ref.id]));
    const lost = weighted.filter((a) => a.score !== null && a.score < 1).map((a) => `${a.id}: ${a.score} ${a.displayValue ?? ""}`);
    const unmeasured = weighted.filter((a) => a.scoreDisplayMode === "error").map((a) => `${a.id} (${a.errorMessage ?? "no message"})`);
    if (lhr.runtimeError) unmeasured.push(`the page (${lhr.runtimeError.code}: ${lhr.runtimeError.message})`);
    const cls = lhr.audits["cumulative-layout-shift"].numericValue ?? 0;
    const lcpMs = Math.round(lhr.audits["largest-contentful-paint"].numericValue ?? 0);
    console.log(`Lighthouse ${formFactor} ${new URL(url).pathname}: ${JSON.stringify(scores)}; CLS ${cls}, LCP ${lcpMs} ms; below full marks: ${lost.join("; ") || "none"}`);
    return { scores, lost, cls, lcpMs, unmeasured };
  } finally {
    await browser.close();
  }
}

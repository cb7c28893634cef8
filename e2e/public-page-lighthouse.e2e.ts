// Lighthouse's mobile audit of a published public page (docs/guides/public-page-and-leads.md,
// "Speed"), with its default phone (a Moto G Power's screen, simulated Slow 4G and a 4x slower
// CPU) against the built server, in the journeys' own Chromium, offline.
import net from "node:net";
import lighthouse from "lighthouse";
import { describe, expect, it } from "vitest";
import { signedInContext } from "./support/accounts";
import { launchDebuggableBrowser } from "./support/browser";
import { uniqueToken } from "./support/listings";
import { publishedWithPhotos } from "./support/public-page";
import { useSuite } from "./support/suite";
import { TIMEOUT } from "../testing/timeouts.ts";

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

describe("the public page under Lighthouse", () => {
  const suite = useSuite();

  it(
    "scores performance 95 or more and 100 for accessibility, best practices and SEO on a phone",
    async () => {
      const admin = await signedInContext(suite);
      // Indexable: a page that asks search engines to stay away fails SEO's "is crawlable" on purpose.
      const path = await publishedWithPhotos(admin, `${uniqueToken("lh")} Dock Warehouse`, { indexable: true });
      const port = await freePort();
      const browser = await launchDebuggableBrowser(port);
      try {
        const result = await lighthouse(`${suite.baseURL}${path}`, {
          port,
          logLevel: "error",
          output: "json",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        });
        const lhr = result!.lhr;
        const scores = Object.fromEntries(Object.values(lhr.categories).map((c) => [c.id, Math.round((c.score ?? 0) * 100)]));
        // The audits that lost points, named, so a failure says what to fix.
        const lost = Object.values(lhr.categories)
          .flatMap((c) => c.auditRefs.filter((ref) => ref.weight > 0).map((ref) => lhr.audits[ref.id]))
          .filter((a) => a.score !== null && a.score < 1)
          .map((a) => `${a.id}: ${a.score} ${a.displayValue ?? ""}`);
        console.log(`Lighthouse mobile: ${JSON.stringify(scores)}; CLS ${lhr.audits["cumulative-layout-shift"].numericValue}, LCP ${Math.round(lhr.audits["largest-contentful-paint"].numericValue ?? 0)} ms; below full marks: ${lost.join("; ") || "none"}`);
        expect({ scores, lost }).toMatchObject({ scores: { accessibility: 100, "best-practices": 100, seo: 100 } });
        expect(scores.performance, lost.join("; ")).toBeGreaterThanOrEqual(95);
        expect(lhr.audits["cumulative-layout-shift"].numericValue).toBeLessThanOrEqual(0.05);
      } finally {
        await browser.close();
      }
    },
    TIMEOUT.longBrowserTest,
  );
});

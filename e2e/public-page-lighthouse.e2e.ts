// Lighthouse's mobile audit of a published public page (docs/guides/public-page-and-leads.md,
// "Speed"), with its default phone against the built server (e2e/support/lighthouse.ts).
import { describe, expect, it } from "vitest";
import { signedInContext } from "./support/accounts";
import { audit } from "./support/lighthouse";
import { uniqueToken } from "./support/listings";
import { publishedWithPhotos } from "./support/public-page";
import { useSuite } from "./support/suite";
import { TIMEOUT } from "../testing/timeouts.ts";

describe("the public page under Lighthouse", () => {
  const suite = useSuite();

  it(
    "scores performance 95 or more and 100 for accessibility, best practices and SEO on a phone",
    async () => {
      const admin = await signedInContext(suite);
      // Indexable: a page that asks search engines to stay away fails SEO's "is crawlable" on purpose.
      const path = await publishedWithPhotos(admin, `${uniqueToken("lh")} Dock Warehouse`, { indexable: true });
      const { scores, lost, cls } = await audit(`${suite.baseURL}${path}`);
      expect({ scores, lost }).toMatchObject({ scores: { accessibility: 100, "best-practices": 100, seo: 100 } });
      expect(scores.performance, lost.join("; ")).toBeGreaterThanOrEqual(95);
      expect(cls).toBeLessThanOrEqual(0.05);
    },
    TIMEOUT.longBrowserTest,
  );
});

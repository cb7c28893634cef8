// Lighthouse's audit of the brokerage's inventory page (docs/guides/inventory-and-feed.md,
// "Speed and accessibility") as a visitor finds it: a brand with a light accent colour, a full
// first page of cards with photos, a second page behind the pager, the map of the results; once
// on Lighthouse's phone, which the goal names, and once on its desktop (e2e/support/lighthouse.ts).
// Before it, the same page on a phone-sized touch screen and a desktop: axe finds nothing serious,
// and without JavaScript every card, the pager and the filters work.
import { describe, expect, it } from "vitest";
import { signedInContext } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { publishedInventory } from "./support/inventory";
import { audit } from "./support/lighthouse";
import { uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { TIMEOUT } from "../testing/timeouts.ts";

describe("the inventory page under Lighthouse", () => {
  const suite = useSuite();

  it(
    "reads without JavaScript and scores performance 95 or more and 100 for accessibility, best practices and SEO, on a phone and a desktop",
    async () => {
      const admin = await signedInContext(suite);
      // A gold accent, as brokerages pick: white text on it, or it as text on white, is unreadable.
      const brand = await admin.request.put("/api/brand", { data: { brokerageName: "Summit Commercial", accentColor: "#F2A900" } });
      expect(brand.status(), await brand.text()).toBe(200);
      // Indexable: a page that asks search engines to stay away fails SEO's "is crawlable" on purpose.
      const indexable = await admin.request.put("/api/inventory-settings", { data: { indexable: true } });
      expect(indexable.status(), await indexable.text()).toBe(200);
      const prefix = uniqueToken("lh");
      await publishedInventory(admin, prefix, 26);

      for (const device of ["phone", "desktop"] as const) {
        // axe runs as a script of the page: with JavaScript on, then the visitor without it.
        const seen = await (await suite.context({ device })).newPage();
        await seen.goto("/inventory");
        expect(await seriousViolations(seen)).toEqual([]);
        await screenshot(seen, `inventory-${device}`);
        const page = await (await suite.context({ device, javaScriptEnabled: false })).newPage();
        await page.goto("/inventory");
        const cards = page.getByRole("list").getByRole("link", { name: new RegExp(prefix) });
        expect(await cards.count()).toBe(24);
        await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: /Next/ }).click();
        await page.getByText("Page 2 of 2").waitFor();
        expect(await cards.count()).toBe(2);
        await page.getByLabel("Offering").selectOption("lease");
        await page.getByRole("button", { name: "Show" }).click();
        await page.waitForURL(/offering=lease/);
        await page.getByText("9 properties").waitFor();
      }

      for (const formFactor of ["mobile", "desktop"] as const) {
        const { scores, lost, cls } = await audit(`${suite.baseURL}/inventory`, { formFactor });
        expect({ formFactor, scores, lost }).toMatchObject({ scores: { accessibility: 100, "best-practices": 100, seo: 100 } });
        expect(scores.performance, `${formFactor}: ${lost.join("; ")}`).toBeGreaterThanOrEqual(95);
        expect(cls).toBeLessThanOrEqual(0.05);
      }
    },
    TIMEOUT.longBrowserTest,
  );
});

// The listings feed in Settings and on a listing, desktop and phone: an admin creates a feed key,
// sees it once and reads the feed with it; on a listing's Share publicly panel they publish it,
// show it in the brokerage's inventory and syndicate it; Settings then says why it is not in the
// feed yet (no photo with confirmed rights).
import { describe, expect, it } from "vitest";
import { signedInPage } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { createListing, uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { card, eventually, searchListings } from "./support/ui";

describe("the listings feed", () => {
  const suite = useSuite();

  for (const device of ["desktop", "phone"] as const) {
    it(`an admin creates a key shown once and turns a listing's switches on (${device})`, async () => {
      const { context, page } = await signedInPage(suite, { device });
      await page.goto("/settings");
      const feeds = page.getByTestId("feeds-settings");
      await feeds.getByRole("heading", { name: "Feeds" }).waitFor();
      const keyName = uniqueToken("LandSearch");
      await feeds.getByLabel("Who reads the feed with it").fill(keyName);
      await feeds.getByRole("button", { name: "Create key" }).click();
      const shown = feeds.getByTestId("new-feed-key-value");
      await shown.waitFor();
      const key = (await shown.textContent())!.trim();
      expect(key).toMatch(/^ldf_/);
      await feeds.getByTestId("feed-key").filter({ hasText: keyName }).waitFor();
      expect(await seriousViolations(page, "[data-testid='feeds-settings']")).toEqual([]);
      await screenshot(page, `feed-key-created-${device}`, { fullPage: false });

      // The key opens the feed; without it the feed answers 401.
      expect((await context.request.get("/feeds/listings.json", { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(200);
      expect((await context.request.get("/feeds/listings.json")).status()).toBe(401);

      // Shown once: done, or a reload, and it is gone for good.
      await feeds.getByRole("button", { name: "Done" }).click();
      await shown.waitFor({ state: "detached" });
      await page.reload();
      await feeds.getByTestId("feed-key").filter({ hasText: keyName }).getByText(/Last request|No request yet/).waitFor();
      expect(await page.getByText(key).count()).toBe(0);

      // A listing: publish it, then its two switches.
      const name = `${uniqueToken("feed")} Depot`;
      await createListing(context, { listingName: name, offeringType: "Sell", askingPrice: 950000, city: "Wheeling", state: "WV" });
      await page.goto("/");
      await searchListings(page, name);
      await card(page, name).getByRole("button", { name: "View Details" }).click();
      const share = page.getByRole("dialog", { name }).getByTestId("share-publicly");
      const inventory = share.getByRole("switch", { name: "Show in the brokerage's inventory" });
      await inventory.waitFor();
      expect(await inventory.isDisabled()).toBe(true);
      await share.getByRole("switch", { name: "Published" }).click();
      await share.getByTestId("public-page-link").waitFor();
      await eventually(() => inventory.isDisabled()).toBe(false);
      await inventory.click();
      await eventually(() => inventory.getAttribute("aria-checked")).toBe("true");
      const syndicate = share.getByRole("switch", { name: "Syndicate to feeds" });
      await syndicate.click();
      await eventually(() => syndicate.getAttribute("aria-checked")).toBe("true");
      await screenshot(page, `feed-switches-${device}`, { fullPage: false });

      // Settings says why it is not out yet: it has no photo whose rights are confirmed.
      await page.goto("/settings");
      const row = page.getByTestId("not-in-feed").filter({ hasText: name });
      await row.getByText("No photo has its rights confirmed").waitFor();
    });
  }
});

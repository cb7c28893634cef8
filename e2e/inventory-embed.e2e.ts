// The brokerage's inventory embedded in another website, desktop and phone: an admin shows a
// listing in the inventory (Share publicly), lists a website in Settings' "Inventory and embed"
// card and copies its script snippet into a page that website serves (another local origin); the
// inventory shows inside it, the frame takes its content's height, and a card opens the
// listing's page.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInPage } from "./support/accounts";
import { createListing, uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { card, eventually, searchListings } from "./support/ui";

describe("the inventory embedded in a website", () => {
  const suite = useSuite();
  // The other website: serves whatever snippet the test gives it, inside a page of its own.
  let snippet = "";
  let website: http.Server;
  let websiteOrigin = "";
  beforeAll(async () => {
    website = http.createServer((_req, res) => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(`<!doctype html><html lang="en"><head><title>Broker site</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body><h1>Our properties</h1>${snippet}<footer>Broker footer</footer></body></html>`);
    });
    await new Promise<void>((resolve) => website.listen(0, "127.0.0.1", resolve));
    websiteOrigin = `http://127.0.0.1:${(website.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => website.close(() => resolve())));

  for (const device of ["desktop", "phone"] as const) {
    it(`shows and sizes the inventory inside another website, and opens a listing (${device})`, async () => {
      const { context, page } = await signedInPage(suite, { device });
      const name = `${uniqueToken("inv")} Warehouse`;
      await createListing(context, { listingName: name, offeringType: "Lease", leaseRate: 9, leaseRateUnit: "per SF/yr", city: "Akron", state: "OH" });
      await page.goto("/");
      await searchListings(page, name);
      await card(page, name).getByRole("button", { name: "View Details" }).click();
      const share = page.getByRole("dialog", { name }).getByTestId("share-publicly");
      const inventory = share.getByRole("switch", { name: "Show in the brokerage's inventory" });
      await share.getByRole("switch", { name: "Published" }).click();
      await share.getByTestId("public-page-link").waitFor();
      await eventually(() => inventory.isDisabled()).toBe(false);
      await inventory.click();
      await eventually(() => inventory.getAttribute("aria-checked")).toBe("true");

      await page.goto("/settings");
      const section = page.getByTestId("inventory-settings");
      await section.getByRole("heading", { name: "Inventory and embed" }).waitFor();
      await section.getByTestId("embed-origins").fill(websiteOrigin);
      await section.getByRole("button", { name: "Save websites" }).click();
      await eventually(() => section.getByTestId("embed-origins").inputValue()).toBe(websiteOrigin);
      await section.getByRole("button", { name: "Copy the script snippet" }).click();
      snippet = (await section.getByTestId("embed-script-snippet").textContent())!;
      expect(snippet).toContain('data-offering="lease"');
      await screenshot(page, `inventory-settings-${device}`, { fullPage: false });

      // The website's page: the frame comes from our origin and shows the listing.
      const site = await context.newPage();
      await site.goto(websiteOrigin);
      const frame = site.frameLocator("iframe");
      const link = frame.getByRole("link", { name: new RegExp(name) });
      await link.waitFor();
      // Sized to its content: the frame's height follows the framed page's body.
      const iframe = site.locator("iframe");
      const inner = () => frame.locator("body").evaluate((b) => Math.ceil(b.getBoundingClientRect().height));
      await eventually(async () => (await iframe.evaluate((f: HTMLIFrameElement) => f.style.height)) === `${await inner()}px`).toBe(true);
      expect(await iframe.evaluate((f: HTMLIFrameElement) => f.style.height)).not.toBe("640px");
      await screenshot(site, `inventory-embedded-${device}`, { fullPage: true });

      // A card opens the listing's own page, in a tab of its own.
      const opened = context.waitForEvent("page");
      await link.click();
      const listingPage = await opened;
      await listingPage.waitForLoadState();
      expect(new URL(listingPage.url()).pathname).toMatch(/^\/l\//);
      await listingPage.getByRole("heading", { name }).waitFor();
      await site.close();
      await listingPage.close();
    });
  }
});

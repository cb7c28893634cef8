// The deal's status on the public page, on a desktop and a phone: a teammate sets the listing
// Under Contract and a visitor sees the badge (the form still there); set Closed, the page says
// "Sold" and asks about similar properties, and that form sends.
import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { createListing, uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { card, searchListings } from "./support/ui";

async function setStage(context: BrowserContext, id: string, dealStage: string) {
  const res = await context.request.patch(`/api/listings/${id}`, { data: { dealStage } });
  expect(res.status(), await res.text()).toBe(200);
}

describe("the deal's status on the public page", () => {
  const suite = useSuite();

  for (const device of ["desktop", "phone"] as const) {
    it(`shows Under Contract, then Sold with the similar-properties form, which sends (${device})`, async () => {
      const { context, page } = await signedInPage(suite, { device });
      const name = `${uniqueToken("status")} Mill Street Retail`;
      const listing = await createListing(context, { listingName: name, offeringType: "Sell", askingPrice: 1800000, city: "Clarksburg", state: "WV" });
      const published = await context.request.put(`/api/listings/${listing.id}/publication`, { data: { published: true } });
      expect(published.status()).toBe(200);
      const url = new URL(((await published.json()) as { url: string }).url);

      const visitor = await (await suite.context({ device })).newPage();
      await visitor.goto(url.pathname);
      await visitor.getByRole("heading", { level: 1, name }).waitFor();
      expect(await visitor.locator(".kicker").textContent()).toBe("For Sale");

      await setStage(context, listing.id, "Under Contract");
      // The team sees what the page now says, on the listing's detail.
      await page.goto("/");
      await searchListings(page, name);
      await card(page, name).getByRole("button", { name: "View Details" }).click();
      const share = page.getByRole("dialog", { name }).getByTestId("share-publicly");
      await share.getByTestId("public-page-status").getByText("The page shows it as For Sale · Under Contract.").waitFor();
      await visitor.reload();
      await visitor.getByText("Under Contract", { exact: true }).waitFor();
      await visitor.getByText("Back-up offers welcome.").waitFor();
      await visitor.getByRole("heading", { name: "Ask about this listing" }).waitFor();
      expect(await seriousViolations(visitor)).toEqual([]);
      await screenshot(visitor, `market-status-under-contract-${device}`, { fullPage: false });

      await setStage(context, listing.id, "Closed");
      await visitor.reload();
      expect(await visitor.locator(".kicker").textContent()).toBe("Sold");
      expect(await visitor.getByText("Under Contract", { exact: true }).count()).toBe(0);
      const similar = visitor.getByRole("heading", { name: "Ask us about similar properties" });
      await similar.scrollIntoViewIfNeeded();
      expect(await seriousViolations(visitor)).toEqual([]);
      await visitor.getByLabel("Name").fill("Jordan Seeker");
      await visitor.getByLabel("Email").fill(`${uniqueToken("similar")}@example.com`);
      await visitor.getByLabel("I am a").selectOption("principal");
      await visitor.getByLabel("Message").fill("Anything like this near Bridgeport?");
      await visitor.getByRole("button", { name: "Send inquiry" }).click();
      await visitor.getByText("Thank you. Your message was sent").waitFor();
      await screenshot(visitor, `market-status-closed-sent-${device}`);
      // Nothing on the phone scrolls sideways.
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // The team's lead says what it was about.
      const leads = await context.request.get(`/api/listings/${listing.id}/prospects`);
      const [prospect] = (await leads.json()) as { leadId: number }[];
      const lead = (await (await context.request.get(`/api/leads/${prospect.leadId}`)).json()) as { inquiries: { about: string; message: string }[] };
      expect(lead.inquiries.map((q) => [q.about, q.message])).toEqual([["similar", "Anything like this near Bridgeport?"]]);
    });
  }
});

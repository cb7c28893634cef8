// A listing's public page, end to end on a desktop and a phone: a teammate publishes it from the
// listing's detail and puts its link into the posts, a visitor (signed out, no cookie) reads it,
// with its map, and sends an inquiry, and the team sees the bell and the new lead on the Leads page.
import { describe, expect, it } from "vitest";
import { signedInPage } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { createListing, getListing, uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { card, eventually, searchListings } from "./support/ui";

describe("the public page", () => {
  const suite = useSuite();

  for (const device of ["desktop", "phone"] as const) {
    it(`publishes a listing, takes an inquiry from a visitor and shows the lead (${device})`, async () => {
      const { context, page } = await signedInPage(suite, { device });
      const name = `${uniqueToken("pub")} Harbor Warehouse`;
      // A ZIP places it (its centroid): the page shows a map.
      const listing = await createListing(context, { listingName: name, offeringType: "Sell", askingPrice: 2400000, city: "Wheeling", state: "WV", zip: "26003" });
      await page.goto("/");
      await searchListings(page, name);
      await card(page, name).getByRole("button", { name: "View Details" }).click();
      const detail = page.getByRole("dialog", { name });
      const share = detail.getByTestId("share-publicly");
      await share.getByRole("switch", { name: "Published" }).click();
      const link = share.getByTestId("public-page-link");
      await link.waitFor();
      await screenshot(page, `share-publicly-${device}`, { fullPage: false });
      const url = new URL((await link.textContent())!.trim());

      // The posts were written before publishing: the posts section offers to add the link.
      const posts = detail.getByTestId("listing-posts");
      const notice = posts.getByTestId("posts-page-link");
      await notice.getByText(/8 posts lack its link/).waitFor();
      await notice.getByRole("button", { name: "Add the link to the posts" }).click();
      await notice.waitFor({ state: "detached" });
      await posts.getByText(url.href, { exact: false }).first().waitFor();
      expect((await getListing(context, listing.id)).posts.filter((p) => p.text.includes(url.href))).toHaveLength(8);
      await screenshot(page, `posts-page-link-${device}`, { fullPage: false });

      // A visitor: a new context with no session.
      const visitor = await (await suite.context({ device })).newPage();
      await visitor.goto(url.pathname);
      await visitor.getByRole("heading", { level: 1, name }).waitFor();
      expect(await visitor.locator('meta[property="og:image"]').getAttribute("content")).toMatch(/\/og\.jpg\?v=/);
      const map = visitor.getByRole("img", { name: `Map showing where ${name} is` });
      await map.scrollIntoViewIfNeeded();
      await eventually(() => map.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
      expect(await seriousViolations(visitor)).toEqual([]);
      const email = `${uniqueToken("lead")}@example.com`;
      await visitor.getByRole("button", { name: "Send inquiry" }).click();
      await visitor.getByText("Please enter your name").waitFor();
      await visitor.getByLabel("Name").fill("Robin Buyer");
      await visitor.getByLabel("Email").fill(email);
      await visitor.getByLabel("I am a").selectOption("principal");
      await visitor.getByLabel("Message").fill("Is the loading dock covered?");
      await visitor.getByRole("button", { name: "Send inquiry" }).click();
      await visitor.getByText("Thank you. Your message was sent").waitFor();
      await screenshot(visitor, `public-page-thanks-${device}`);
      expect(await visitor.context().cookies()).toEqual([]);

      // The team: the bell, and the lead on the Leads page.
      await page.keyboard.press("Escape");
      await detail.waitFor({ state: "detached" });
      const bell = page.getByRole("button", { name: /^Notifications, \d+ unread/ }).filter({ visible: true });
      await eventually(() => bell.count()).toBeGreaterThan(0);
      await page.goto("/leads");
      await page.getByRole("searchbox", { name: "Search leads" }).fill(email);
      const leads = page.getByTestId("leads");
      await leads.getByText(email).waitFor();
      expect(await leads.getByText(`${name}: Inquired`).count()).toBe(1);
      await screenshot(page, `leads-page-${device}`);

      // The page's figures on the listing's detail count the inquiry (a headless browser's views are a bot's).
      await page.goto("/");
      await searchListings(page, name);
      await card(page, name).getByRole("button", { name: "View Details" }).click();
      const figures = page.getByRole("dialog", { name }).getByTestId("page-figures");
      await eventually(async () => (await figures.getByRole("definition").allTextContents())[2]).toBe("1");
      await screenshot(page, `page-figures-${device}`, { fullPage: false });
    });
  }
});

// A lead's own page (/leads/:id), on a desktop and a phone: a buyer's inquiry arrives; the team
// opens it from the bell (desktop) or from the Leads page's card, reads the whole message, moves
// the listing to Toured there, and the address holds after a reload. Signed out, the address goes
// through sign-in and comes back; an unknown id is the not-found state. The phone never scrolls sideways.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADMIN, signedInPage } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { createListing, uniqueToken } from "./support/listings";
import { expectPath, screenshot, useSuite, type Suite } from "./support/suite";
import { smallTapTargets } from "./support/tap-targets";
import { eventually } from "./support/ui";

const MESSAGE = "Please send the rent roll, T-12 and OM.\nWe are a 1031 buyer and can close in 45 days; the second line must show too.";

/** A published listing and an inquiry a signed-out buyer sent through its page; answers the lead's id. */
async function inquiryFromBuyer(suite: Suite, context: BrowserContext, listingName: string, buyer: string, email: string): Promise<number> {
  const listing = await createListing(context, { listingName });
  const published = await context.request.put(`/api/listings/${listing.id}/publication`, { data: { published: true } });
  expect(published.status(), await published.text()).toBe(200);
  const { url } = (await published.json()) as { url: string };
  const visitor = await suite.context();
  const sent = await visitor.request.post(`${new URL(url).pathname}/inquiries`, { data: { name: buyer, email, role: "principal", message: MESSAGE, exchange1031: true } });
  expect(sent.status(), await sent.text()).toBe(201);
  const [lead] = (await (await context.request.get(`/api/leads?q=${encodeURIComponent(email)}`)).json()) as { id: number }[];
  return lead.id;
}

async function readLeadAndMoveToToured(page: Page, listingName: string) {
  await page.getByTestId("lead-inquiry-message").filter({ hasText: "the second line must show too" }).waitFor();
  expect(await page.getByTestId("lead-inquiry-message").innerText()).toBe(MESSAGE);
  await page.getByText("1031 exchange").first().waitFor();
  await page.getByLabel(`Stage on ${listingName}`).selectOption({ label: "Toured" });
}

describe("the lead's page", () => {
  const suite = useSuite();

  for (const device of ["desktop", "phone"] as const) {
    it(`opens a lead from ${device === "desktop" ? "the bell" : "the Leads page"}, shows the whole message and moves its listing to Toured (${device})`, async () => {
      const { context, page } = await signedInPage(suite, { device });
      const listingName = `${uniqueToken("lp")} Riverside Flex`;
      const buyer = `Priya ${uniqueToken("n")}`;
      const email = `${uniqueToken("priya")}@example.com`;
      const leadId = await inquiryFromBuyer(suite, context, listingName, buyer, email);

      if (device === "desktop") {
        await page.goto("/");
        const bell = page.getByTestId("desktop-sidebar").getByRole("button", { name: /^Notifications, \d+ unread/ });
        await bell.click();
        await page.getByRole("dialog", { name: "Notifications" }).getByRole("button", { name: new RegExp(`New inquiry from ${buyer}`) }).click();
      } else {
        await page.goto("/leads");
        await page.getByRole("searchbox", { name: "Search leads" }).fill(email);
        await page.getByTestId("lead-card").filter({ hasText: email }).getByRole("link", { name: buyer }).click();
      }
      await expectPath(page, `/leads/${leadId}`);
      await page.getByRole("heading", { level: 1, name: buyer }).waitFor();
      await readLeadAndMoveToToured(page, listingName);
      await eventually(async () => ((await (await context.request.get(`/api/leads/${leadId}`)).json()) as { listings: { stage: string }[] }).listings[0]?.stage).toBe("toured");
      expect(await seriousViolations(page, "main")).toEqual([]);
      if (device === "phone") {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        expect(await smallTapTargets(page)).toEqual([]);
      }
      await screenshot(page, `lead-page-${device}`);

      // The address is the lead's own: a reload shows the same lead, moved.
      await page.reload();
      await page.getByRole("heading", { level: 1, name: buyer }).waitFor();
      expect(await page.getByLabel(`Stage on ${listingName}`).inputValue()).toBe("toured");
      await page.getByText(`Moved from Inquired to Toured on ${listingName}`).waitFor();

      if (device === "desktop") {
        // An id no lead has: the not-found state, inside the app.
        await page.goto("/leads/999999");
        await page.getByText("Lead not found").waitFor();

        // Signed out, the email's link goes through sign-in and comes back to the lead.
        const stranger = await suite.page();
        await stranger.goto(`/leads/${leadId}`);
        await expectPath(stranger, "/auth");
        await stranger.getByLabel("Username").fill(ADMIN.username);
        await stranger.getByLabel("Password").fill(ADMIN.password);
        await stranger.getByRole("button", { name: "Sign in" }).click();
        await expectPath(stranger, `/leads/${leadId}`);
        await stranger.getByRole("heading", { level: 1, name: buyer }).waitFor();
      }
    });
  }
});

// The offering memorandum in the browser, on a desktop and on a phone
// (docs/guides/offering-memorandum.md): a teammate moves a section up, turns one off and
// downloads the OM, whose pages follow the order chosen; then publishes it to the deal room with
// a summary of what changed, as the "Offering memorandum" document at level Signed CA.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { signedInPage } from "./support/accounts";
import { downloadBy } from "./support/downloads";
import { createListing, uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { card, searchListings } from "./support/ui";

describe("offering memorandum", () => {
  const suite = useSuite();

  for (const device of ["desktop", "phone"] as const) {
    it(`reorders and turns off sections, downloads the OM and publishes it to the deal room (${device})`, async () => {
      const { context, page } = await signedInPage(suite, { device });
      const name = `${uniqueToken("om")} Riverside Center`;
      const listing = await createListing(context, { listingName: name, offeringType: "Sell", askingPrice: 1_600_000, buildingSizeSf: 8000 });
      expect((await context.request.post(`/api/listings/${listing.id}/rent-roll`, { data: { tenant: "Corner Cafe", sizeSf: 2000, annualRent: 48_000 } })).status()).toBe(201);
      await page.goto("/");
      await searchListings(page, name);
      await card(page, name).getByRole("button", { name: "View Details" }).click();
      const detail = page.getByRole("dialog", { name });
      const om = detail.getByRole("region", { name: "Offering memorandum" });
      await om.scrollIntoViewIfNeeded();

      // The rent roll moves above the executive summary, one step at a time; highlights go off.
      const sections = om.getByRole("list", { name: "OM sections" }).getByRole("listitem");
      const position = async (key: string) => (await sections.evaluateAll((items) => items.map((i) => i.getAttribute("data-om-section")))).indexOf(key);
      // The sections come with the builder's own read: counted before they show, the summary's
      // place reads -1 and the rent roll would be moved up until its button gives out.
      await sections.and(om.locator('[data-om-section="executive-summary"]')).waitFor();
      const summaryAt = await position("executive-summary");
      while ((await position("rent-roll")) > summaryAt) {
        const before = await position("rent-roll");
        await om.getByRole("button", { name: "Move Rent Roll up" }).click();
        await expect.poll(() => position("rent-roll")).toBe(before - 1);
      }
      await om.getByRole("switch", { name: "Include Investment Highlights" }).click();
      await expect.poll(() => om.getByRole("switch", { name: "Include Investment Highlights" }).getAttribute("aria-checked")).toBe("false");
      await om.getByText("this listing's own sections").waitFor();
      await screenshot(page, `om-builder-${device}`, { fullPage: false });

      const { path } = await downloadBy(page, () => om.getByRole("link", { name: "Download OM" }).click());
      const text = execFileSync("pdftotext", [path, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
      expect(text).not.toContain("Investment Highlights");
      const body = text.slice(text.indexOf("Page 3 of"));
      expect(body.indexOf("Rent Roll Tenant")).toBeGreaterThan(-1);
      expect(body.indexOf("Rent Roll Tenant")).toBeLessThan(body.indexOf("Executive Summary Price"));

      // Published with what changed: the button waits for a summary.
      const publish = om.getByRole("button", { name: "Publish to the deal room" });
      expect(await publish.isDisabled()).toBe(true);
      await om.getByRole("textbox", { name: "What changed" }).fill("Rent roll moved up front; highlights left out.");
      await publish.click();
      await om.getByRole("status").getByText("Published as version 1 of “Offering memorandum” in the deal room (Signed CA); 0 buyers told.").waitFor();
      expect(await om.getByRole("textbox", { name: "What changed" }).inputValue()).toBe("");
      const documents = (await (await context.request.get(`/api/listings/${listing.id}/documents`)).json()) as { title: string; level: string; version: number }[];
      expect(documents).toEqual([expect.objectContaining({ title: "Offering memorandum", level: "ca", version: 1 })]);
      await screenshot(page, `om-published-${device}`, { fullPage: false });
    });
  }
});

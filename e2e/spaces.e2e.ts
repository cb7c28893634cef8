// Lease spaces in the browser, on a desktop and on a phone (docs/guides/spaces-and-income.md): a
// teammate adds three suites on the listing's detail (a table on a desktop, cards on a phone),
// the listing's card and detail then show their range, and so does its public page, with a table;
// the spaces export as their own CSV file from the listings' menu.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { downloadBy } from "./support/downloads";
import { signedInPage } from "./support/accounts";
import { createListing, uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { card, eventually, searchListings } from "./support/ui";

const RANGE = "2,400–9,800 SF available; $16.00–$18.50/SF/yr NNN";

async function addSpace(detail: ReturnType<Page["getByRole"]>, space: { suite: string; size: string; rate: string }) {
  const spaces = detail.getByRole("region", { name: "Spaces" });
  await spaces.getByRole("button", { name: "Add space" }).click();
  await spaces.getByRole("textbox", { name: "Suite", exact: true }).fill(space.suite);
  await spaces.getByRole("textbox", { name: "Size (SF)", exact: true }).fill(space.size);
  await spaces.getByRole("textbox", { name: "Rate", exact: true }).fill(space.rate);
  await spaces.getByRole("combobox", { name: "Lease type", exact: true }).selectOption("NNN");
  await spaces.getByRole("button", { name: "Add space" }).click();
  // The form closes once the server took it, and the space is listed.
  await spaces.getByRole("button", { name: `Edit space Suite ${space.suite}` }).filter({ visible: true }).waitFor();
}

describe("lease spaces", () => {
  const suite = useSuite();

  for (const device of ["desktop", "phone"] as const) {
    it(`adds three spaces and shows their range on the listing and its public page (${device})`, async () => {
      const { context, page } = await signedInPage(suite, { device });
      const name = `${uniqueToken("spaces")} Riverside Center`;
      const listing = await createListing(context, { listingName: name, offeringType: "Lease", buildingSizeSf: 40_000 });
      await page.goto("/");
      await searchListings(page, name);
      await card(page, name).getByRole("button", { name: "View Details" }).click();
      const detail = page.getByRole("dialog", { name });
      await detail.getByRole("region", { name: "Spaces" }).scrollIntoViewIfNeeded();

      // A refusal names the field and adds nothing.
      const spaces = detail.getByRole("region", { name: "Spaces" });
      await spaces.getByRole("button", { name: "Add space" }).click();
      await spaces.getByRole("textbox", { name: "Suite", exact: true }).fill("999");
      await spaces.getByRole("textbox", { name: "Size (SF)", exact: true }).fill("50,000 SF");
      await spaces.getByRole("button", { name: "Add space" }).click();
      await spaces.getByText("Size must not be larger than the building (40,000 SF)").waitFor();
      await spaces.getByRole("button", { name: "Cancel" }).click();

      await addSpace(detail, { suite: "200", size: "2,400 SF", rate: "$18.50" });
      await addSpace(detail, { suite: "300", size: "9,800", rate: "16" });
      await addSpace(detail, { suite: "310", size: "5,000 SF", rate: "$17.25" });
      await spaces.getByTestId("spaces-range").getByText(RANGE).waitFor();
      // A table on a desktop, cards on a phone: the one visible shows the three suites.
      const shown = device === "desktop" ? spaces.locator("table") : spaces.getByRole("listitem");
      if (device === "desktop") expect(await shown.getByRole("row").count()).toBe(4);
      else expect(await shown.count()).toBe(3);
      await screenshot(page, `spaces-section-${device}`, { fullPage: false });

      // The detail's deal facts and the card print the same range.
      const facts = detail.getByTestId("deal-facts");
      await facts.getByText("2,400–9,800 SF available").waitFor();
      await facts.getByText("$16.00–$18.50/SF/yr NNN").waitFor();
      await page.keyboard.press("Escape");
      await detail.waitFor({ state: "detached" });
      await eventually(() => card(page, name).textContent()).toContain("$16.00–$18.50/SF/yr NNN · 2,400–9,800 SF available");

      // The spaces go out in a CSV file of their own, from the listings' import and export menu.
      const exported = await downloadBy(page, async () => {
        await page.getByRole("button", { name: "Import and export" }).click();
        await page.getByRole("menuitem", { name: "Export spaces" }).click();
      });
      expect(exported.file.suggestedFilename()).toBe("spaces.csv");
      const ours = fs.readFileSync(exported.path, "utf8").split("\r\n").filter((line) => line.startsWith(listing.id));
      expect(ours.map((line) => line.split(",").slice(4, 7))).toEqual([
        ["200", "", "2400"],
        ["300", "", "9800"],
        ["310", "", "5000"],
      ]);

      // The public page: a table of the spaces and the range in its facts.
      const res = await context.request.put(`/api/listings/${listing.id}/publication`, { data: { published: true } });
      expect(res.status()).toBe(200);
      const { url } = (await res.json()) as { url: string };
      const visitor = await (await suite.context({ device })).newPage();
      await visitor.goto(new URL(url).pathname);
      await visitor.getByRole("heading", { name: "Available spaces" }).waitFor();
      expect(await visitor.getByRole("table").getByRole("row").count()).toBe(4);
      // The range is in the key figures above the fold and again in the facts.
      await visitor.getByText("2,400–9,800 SF available", { exact: true }).first().waitFor();
      await visitor.getByText("$16.00–$18.50/SF/yr NNN", { exact: true }).first().waitFor();
      await screenshot(visitor, `public-page-spaces-${device}`);
    });
  }

  it("computes the rent roll's figures and shows the operating statement's NOI, cap rate and reconciliation warning (desktop)", async () => {
    const { context, page } = await signedInPage(suite, { device: "desktop" });
    const name = `${uniqueToken("income")} Oak Plaza`;
    await createListing(context, { listingName: name, offeringType: "Sell", askingPrice: 1_000_000, buildingSizeSf: 8000 });
    await page.goto("/");
    await searchListings(page, name);
    await card(page, name).getByRole("button", { name: "View Details" }).click();
    const detail = page.getByRole("dialog", { name });

    const roll = detail.getByRole("region", { name: "Rent roll" });
    await roll.getByRole("button", { name: "Add tenant" }).click();
    await roll.getByRole("textbox", { name: "Tenant", exact: true }).fill("Corner Cafe");
    await roll.getByRole("textbox", { name: "Size (SF)", exact: true }).fill("2,000 SF");
    await roll.getByRole("textbox", { name: "Annual rent", exact: true }).fill("$100,000");
    await roll.getByRole("textbox", { name: "Lease end", exact: true }).fill("12/31/2099");
    await roll.getByRole("button", { name: "Add tenant" }).click();
    const figures = roll.getByTestId("rent-roll-figures");
    await figures.getByText("25.0%").waitFor();
    await figures.getByText("$100,000").waitFor();

    const statement = detail.getByRole("region", { name: "Operating statement" });
    await statement.getByRole("textbox", { name: "Income 1 amount" }).fill("$110,000");
    await statement.getByRole("button", { name: "Add expenses line" }).click();
    await statement.getByRole("textbox", { name: "Expenses 1 category" }).fill("Taxes");
    await statement.getByRole("textbox", { name: "Expenses 1 amount" }).fill("$30,000");
    await statement.getByRole("button", { name: "Save statement" }).click();
    await statement.getByTestId("noi-T-12").getByText("$80,000").waitFor();
    await statement.getByText("8.00%").waitFor();
    await statement.getByRole("alert").getByText(/differs from the rent roll's in-place rent of \$100,000 \(10\.0%\), more than 2%/).waitFor();
    await screenshot(page, "operating-statement-desktop", { fullPage: false });
  });
});

// The listing facts in the browser, on a desktop and on a phone: listings carry the facts a broker sells
// with — typed as people write them, shown on cards and in the details, found, sorted and shared
// by link, flagged before they expire, and carried through CSV and Bulk Edit.
import fs from "node:fs/promises";
import Papa from "papaparse";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CSV_EXPORT_COLUMNS } from "../shared/csv-columns";
import { maxYearBuilt } from "../shared/listing-facts";
import { addDays } from "../shared/parse/dates";
import { signInAsAdmin } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { createListing, getListing, uniqueToken } from "./support/listings";
import { choose, fillRequired, openAddDialog } from "./support/listing-form";
import { card, cardNames, eventually, toast } from "./support/ui";
import { screenshot, useSuite } from "./support/suite";
import { TIMEOUT } from "../testing/timeouts.ts";
import { downloadBy } from "./support/downloads";

type Device = "desktop" | "phone";
const DEVICES: Device[] = ["desktop", "phone"];

const workspace = (page: Page) => page.getByTestId("listings-workspace");

async function signedInPage(suite: ReturnType<typeof useSuite>, device: Device) {
  const context = await suite.context({ device });
  await signInAsAdmin(context);
  const page = await context.newPage();
  return { context, page };
}

async function gotoListings(page: Page, query = "") {
  await page.goto(`/${query}`);
  await page.getByRole("heading", { name: "Active Listings", level: 1 }).waitFor({ timeout: TIMEOUT.pageCode });
  await page.getByTestId("listing-search").waitFor({ timeout: TIMEOUT.pageCode });
}

async function search(page: Page, text: string) {
  await page.getByTestId("listing-search").fill(text);
  await eventually(() => workspace(page).getAttribute("data-search")).toBe(text);
}

/** On a phone the filters fold behind a button; open them. */
async function openFilters(page: Page, device: Device) {
  if (device === "phone") {
    const toggle = page.getByRole("button", { name: /^Filters/ });
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  }
}

async function pick(page: Page, trigger: Locator, option: string) {
  await trigger.click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The toolbar's filters and sort are the browser's own selects: choose as its picker does. */
async function chooseInToolbar(select: Locator, option: string) {
  await select.selectOption({ label: option });
}

/** The choice a select shows. */
const shownChoice = (select: Locator) => select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text);

/** The message under a field, found as a screen reader finds it (aria-describedby). */
async function fieldError(field: Locator): Promise<string | null> {
  const describedBy = await field.getAttribute("aria-describedby");
  if (!describedBy) return null;
  return field.page().evaluate((ids) => ids.split(" ").map((id) => document.getElementById(id)?.textContent ?? "").join(" "), describedBy);
}

async function downloadText(page: Page, click: () => Promise<void>): Promise<string> {
  return fs.readFile((await downloadBy(page, click)).path, "utf8");
}

describe("listing facts", () => {
  const suite = useSuite();

  for (const device of DEVICES) {
    it(`creates a listing with facts typed as people write them, shows them, and edits them (${device})`, async () => {
      const { context, page } = await signedInPage(suite, device);
      const name = `${uniqueToken("facts")} Riverside Plaza`;
      const dialog = await openAddDialog(page);
      await fillRequired(page, dialog, name, {
        address: "1 River Road",
        city: "Morgantown",
        state: "WV (West Virginia)",
        offeringType: "Sell/Lease",
        category: /Homerun/,
        description: "A strip center on the river with parking for 120 cars.",
      });
      const facts = dialog.getByRole("region", { name: "Deal Facts" });
      await facts.waitFor();
      await choose(page, facts, "Property Type", "Retail");
      await facts.getByLabel("Property Subtype").fill("Strip Center");
      await facts.getByLabel("Asking Price").fill("1.65M");
      await facts.getByLabel("Lease Rate", { exact: true }).fill("$18.50");
      await facts.getByLabel("Building Size (SF)").fill("20,000 SF");
      await facts.getByLabel("Available Size (SF)").fill("±2,520 SF");
      await facts.getByLabel("Lot Size (Acres)").fill("94,290 SF");
      await facts.getByLabel("Cap Rate (%)").fill("7.5%");
      await facts.getByLabel("ZIP").fill("26501");

      // A lease rate without its unit is refused under the unit, before anything is sent.
      await dialog.getByRole("button", { name: "Create Listing" }).click();
      const unit = facts.getByRole("combobox", { name: "Lease Rate Unit" });
      await eventually(() => fieldError(unit)).toContain("Lease rate unit is required when a lease rate is set");
      await choose(page, facts, "Lease Rate Unit", "per SF/yr");
      await choose(page, facts, "Lease Type", "NNN");

      // An out-of-range year says what is accepted.
      const year = facts.getByLabel("Year Built");
      await year.fill("1600");
      await dialog.getByRole("button", { name: "Create Listing" }).click();
      await eventually(() => fieldError(year)).toBe(`Year built must be between 1700 and ${maxYearBuilt()}`);
      expect(await year.evaluate((el) => el === document.activeElement)).toBe(true);
      await year.fill("1998");
      await screenshot(page, `listing-facts-form-${device}`);
      expect(await seriousViolations(page, "[data-testid=listing-form-dialog]")).toEqual([]);
      await dialog.getByRole("button", { name: "Create Listing" }).click();
      await toast(page, "Listing created successfully").waitFor();
      await dialog.waitFor({ state: "detached" });

      await search(page, name);
      const line = card(page, name).getByTestId("listing-facts");
      await eventually(() => line.textContent()).toBe("$1,650,000 · 20,000 SF · Retail");
      // The spec's 50-character description still ends in an ellipsis beside the facts line.
      expect(await card(page, name).getByTestId("listing-description").textContent()).toBe("A strip center on the river with parking for 120 c...");

      const id = (((await (await context.request.get("/api/listings/active")).json()) as { id: string; listingName: string }[]).find((l) => l.listingName === name))!.id;
      expect(await getListing(context, id)).toMatchObject({
        propertyType: "Retail",
        propertySubtype: "Strip Center",
        askingPrice: 1_650_000,
        leaseRate: 18.5,
        leaseRateUnit: "per SF/yr",
        leaseType: "NNN",
        buildingSizeSf: 20_000,
        availableSizeSf: 2_520,
        lotSizeAcres: 2.165,
        capRate: 7.5,
        yearBuilt: 1998,
        zip: "26501",
      });

      // The details show a Deal Facts block inside Property Overview.
      await card(page, name).getByTestId("listing-description").click();
      const detail = page.getByTestId("listing-detail");
      const block = detail.getByTestId("deal-facts");
      await block.waitFor();
      const text = await block.textContent();
      for (const shown of ["Retail · Strip Center", "$1,650,000", "$18.50 /SF/yr NNN", "7.50% cap", "20,000 SF", "2,520 SF", "2.165 AC", "1998"]) {
        expect(text).toContain(shown);
      }
      await screenshot(page, `listing-facts-detail-${device}`);

      // Edit: the form shows the facts as written, a change is saved and shown.
      await detail.getByRole("button", { name: "Edit Listing" }).click();
      const edit = page.getByRole("dialog", { name: "Edit Listing" });
      await edit.waitFor();
      const price = edit.getByLabel("Asking Price");
      expect(await price.inputValue()).toBe("$1,650,000");
      expect(await edit.getByLabel("Lease Rate", { exact: true }).inputValue()).toBe("$18.50");
      await price.fill("$1,500,000");
      await choose(page, edit, "Deal Stage", "Under Contract");
      await edit.getByRole("button", { name: "Update Listing" }).click();
      await edit.waitFor({ state: "detached" });
      expect(await getListing(context, id)).toMatchObject({ askingPrice: 1_500_000, dealStage: "Under Contract", leaseRate: 18.5 });
      await eventually(() => block.textContent()).toContain("Under Contract");
      await detail.getByRole("button", { name: "Close" }).first().click();
      await detail.waitFor({ state: "detached" });
      await eventually(() => line.textContent()).toBe("$1,500,000 · 20,000 SF · Retail");
    });

    it(`filters by type and price range, sorts by price, and a shared link reloads into the same view (${device})`, async () => {
      const { context, page } = await signedInPage(suite, device);
      const token = uniqueToken("find");
      const zip = `2${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}-${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
      await createListing(context, { listingName: `${token} Big Retail`, propertyType: "Retail", askingPrice: 2_500_000, buildingSizeSf: 30_000 });
      await createListing(context, { listingName: `${token} Small Retail`, propertyType: "Retail", askingPrice: 900_000, buildingSizeSf: 8_000, zip, propertySubtype: `${token}-subtype` });
      await createListing(context, { listingName: `${token} Office`, propertyType: "Office", askingPrice: 1_200_000 });
      await createListing(context, { listingName: `${token} Unpriced Retail`, propertyType: "Retail" });
      await createListing(context, { listingName: `${token} Starred Retail`, propertyType: "Retail", askingPrice: 3_000_000, isStarred: true });

      await gotoListings(page);
      await search(page, token);
      await eventually(() => workspace(page).getAttribute("data-results")).toBe("5");
      await openFilters(page, device);
      await chooseInToolbar(page.getByTestId("filter-property-type"), "Retail");
      await eventually(() => workspace(page).getAttribute("data-results")).toBe("4");
      await page.getByTestId("filter-price-min").fill("500K");
      await page.getByTestId("filter-price-max").fill("$3M");
      await eventually(() => workspace(page).getAttribute("data-results")).toBe("3");
      await chooseInToolbar(page.getByTestId("listing-sort"), "Price: low to high");
      // Starred first whatever the sort, then cheapest first.
      await eventually(() => cardNames(page)).toEqual([`${token} Starred Retail`, `${token} Small Retail`, `${token} Big Retail`]);
      await chooseInToolbar(page.getByTestId("listing-sort"), "Price: high to low");
      await eventually(() => cardNames(page)).toEqual([`${token} Starred Retail`, `${token} Big Retail`, `${token} Small Retail`]);
      await chooseInToolbar(page.getByTestId("listing-sort"), "Price: low to high");
      await screenshot(page, `listing-facts-filters-${device}`);

      // The address holds the whole view.
      await eventually(() => new URL(page.url()).search).toBe(`?q=${token}&type=Retail&minPrice=500000&maxPrice=3000000&sort=price-asc`);
      const shared = page.url();

      // Reload: the same view.
      await page.reload();
      await page.getByTestId("listing-search").waitFor({ timeout: TIMEOUT.pageCode });
      await eventually(() => cardNames(page)).toEqual([`${token} Starred Retail`, `${token} Small Retail`, `${token} Big Retail`]);
      expect(await page.getByTestId("listing-search").inputValue()).toBe(token);

      // A teammate opening the link sees the same listings in the same order and the same controls.
      const other = await suite.context({ device });
      await signInAsAdmin(other);
      const teammate = await other.newPage();
      await teammate.goto(shared);
      await teammate.getByTestId("listing-search").waitFor({ timeout: TIMEOUT.pageCode });
      await eventually(() => cardNames(teammate)).toEqual([`${token} Starred Retail`, `${token} Small Retail`, `${token} Big Retail`]);
      await openFilters(teammate, device);
      expect(await shownChoice(teammate.getByTestId("filter-property-type"))).toBe("Retail");
      expect(await teammate.getByTestId("filter-price-min").inputValue()).toBe("$500,000");
      expect(await teammate.getByTestId("filter-price-max").inputValue()).toBe("$3,000,000");
      expect(await shownChoice(teammate.getByTestId("listing-sort"))).toBe("Price: low to high");

      // A range bound that does not read is marked and changes nothing.
      await teammate.getByTestId("filter-price-max").fill("lots");
      expect(await teammate.getByTestId("filter-price-max").getAttribute("aria-invalid")).toBe("true");
      expect(await workspace(teammate).getAttribute("data-results")).toBe("3");

      // Search also reads the ZIP and the subtype.
      await search(teammate, zip);
      await eventually(() => cardNames(teammate)).toEqual([`${token} Small Retail`]);
      await search(teammate, `${token}-SUBTYPE`);
      await eventually(() => cardNames(teammate)).toEqual([`${token} Small Retail`]);

      // The list view's rows carry the facts too, one per column.
      if (device === "desktop") {
        await page.getByRole("button", { name: "List view" }).click();
        const row = page.getByTestId("listing-row").filter({ hasText: `${token} Big Retail` });
        await eventually(() => row.locator("[data-column='price']").textContent()).toBe("$2,500,000");
        expect(await row.locator("[data-column='size']").textContent()).toBe("30,000 SF");
        await screenshot(page, "listing-facts-rows-desktop");
        await page.getByRole("button", { name: "Grid view" }).click();
      }
    });

    it(`flags listings expiring within 30 days and filters them (${device})`, async () => {
      const { context, page } = await signedInPage(suite, device);
      const token = uniqueToken("exp");
      await gotoListings(page);
      // "Today" where the browser is (its time zone may not be this machine's).
      const today = await page.evaluate(() => {
        const d = new Date();
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
      });
      await createListing(context, { listingName: `${token} Soon`, expirationDate: addDays(today, 10) });
      await createListing(context, { listingName: `${token} Gone`, expirationDate: addDays(today, -1) });
      await createListing(context, { listingName: `${token} Later`, expirationDate: addDays(today, 90) });

      await page.reload();
      await page.getByTestId("listing-search").waitFor({ timeout: TIMEOUT.pageCode });
      await search(page, token);
      await eventually(() => workspace(page).getAttribute("data-results")).toBe("3");
      await eventually(() => card(page, `${token} Soon`).getByTestId("expiry-badge").textContent()).toBe("Expires in 10 days");
      expect(await card(page, `${token} Gone`).getByTestId("expiry-badge").textContent()).toBe("Expired");
      expect(await card(page, `${token} Later`).getByTestId("expiry-badge").count()).toBe(0);
      await screenshot(page, `listing-facts-expiring-${device}`);

      await openFilters(page, device);
      await page.getByRole("checkbox", { name: "Expiring within 30 days" }).click();
      await eventually(() => cardNames(page)).toEqual([`${token} Soon`]);
      await eventually(() => new URL(page.url()).searchParams.get("expiring")).toBe("1");

      await chooseInToolbar(page.getByTestId("listing-sort"), "Expiration: soonest");
      await page.getByRole("checkbox", { name: "Expiring within 30 days" }).click();
      await eventually(() => cardNames(page)).toEqual([`${token} Gone`, `${token} Soon`, `${token} Later`]);
    });

    it(`bulk edits the deal stage, exports the facts and imports them back (${device})`, async () => {
      const { context, page } = await signedInPage(suite, device);
      const token = uniqueToken("csvf");
      const names = [`${token} Alpha`, `${token} Bravo`];
      const created = [];
      created.push(await createListing(context, { listingName: names[0], propertyType: "Industrial", askingPrice: 1_650_000, buildingSizeSf: 20_000, lotSizeAcres: 2.165, capRate: 7.5, listingDate: "2026-01-15" }));
      created.push(await createListing(context, { listingName: names[1], propertyType: "Flex", leaseRate: 18.5, leaseRateUnit: "per SF/yr", leaseType: "NNN", dealStage: "Proposal" }));

      await gotoListings(page);
      await search(page, token);
      await eventually(() => workspace(page).getAttribute("data-results")).toBe("2");
      for (const name of names) await card(page, name).getByRole("checkbox", { name: `Select ${name}` }).click();
      const bar = page.getByTestId("selection-bar");
      await bar.getByText("2 listings selected").waitFor();

      // Bulk Edit: the deal stage of both.
      await bar.getByRole("button", { name: "Bulk Edit" }).click();
      const edit = page.getByTestId("bulk-edit-dialog");
      await edit.getByRole("heading", { name: "Bulk Edit" }).waitFor();
      await pick(page, edit.getByTestId("bulk-dealStage"), "Under Contract");
      await screenshot(page, `listing-facts-bulk-edit-${device}`);
      await edit.getByRole("button", { name: "Update 2 Listings" }).click();
      await toast(page, "Success!").filter({ hasText: "Updated 2 listings" }).waitFor();
      await edit.waitFor({ state: "detached" });
      for (const l of created) expect((await getListing(context, l.id)).dealStage).toBe("Under Contract");

      // Export Selected writes the facts after the existing columns.
      const text = await downloadText(page, () => bar.getByRole("button", { name: "Export Selected" }).click());
      const [header, ...rows] = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
      expect(header).toEqual([...CSV_EXPORT_COLUMNS]);
      const cell = (row: string[], column: string) => row[header.indexOf(column)];
      const alpha = rows.find((r) => r[0] === names[0])!;
      expect([cell(alpha, "Property Type"), cell(alpha, "Asking Price"), cell(alpha, "Lot Size (Acres)"), cell(alpha, "Cap Rate (%)"), cell(alpha, "Deal Stage")]).toEqual([
        "Industrial",
        "1650000",
        "2.165",
        "7.5",
        "Under Contract",
      ]);

      // Import it back with a price typed the way people type it: only that changes.
      alpha[header.indexOf("Asking Price")] = "$2.1M";
      const changed = Papa.unparse([header, ...rows]);
      if (device === "phone") {
        await page.getByRole("button", { name: "Import and export" }).click();
        await page.getByRole("menuitem", { name: "Import CSV" }).click();
      } else {
        await page.getByRole("button", { name: "Import CSV" }).click();
      }
      const dialog = page.getByTestId("import-dialog");
      await dialog.getByRole("heading", { name: "Import CSV" }).waitFor();
      await dialog.getByTestId("import-file-input").setInputFiles({ name: "facts.csv", mimeType: "text/csv", buffer: Buffer.from(changed) });
      await dialog.getByTestId("import-file-name").getByText("facts.csv").waitFor();
      await dialog.getByRole("button", { name: "Import", exact: true }).click();
      const result = dialog.getByTestId("import-result");
      // The import answers once the lists it changed are read again; on a busy machine with
      // PostgreSQL that has outlasted the default 10 s.
      await result.waitFor({ timeout: TIMEOUT.pageCode });
      // Only the first row changed; the second comes back as it was.
      expect(await result.getByTestId("import-updated").locator("dd").textContent()).toBe("1");
      expect(await result.getByTestId("import-unchanged").locator("dd").textContent()).toBe("1");
      expect(await result.getByTestId("import-failed").locator("dd").textContent()).toBe("0");
      const [a, b] = await Promise.all(created.map((l) => getListing(context, l.id)));
      expect(a).toMatchObject({ askingPrice: 2_100_000, propertyType: "Industrial", lotSizeAcres: 2.165, capRate: 7.5, dealStage: "Under Contract", listingDate: "2026-01-15" });
      expect(b).toMatchObject({ leaseRate: 18.5, leaseRateUnit: "per SF/yr", leaseType: "NNN", dealStage: "Under Contract", askingPrice: null });
    });
  }
});

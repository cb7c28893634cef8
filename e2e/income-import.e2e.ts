// Importing a rent roll and spaces in the browser, on a desktop and on a phone
// (docs/guides/spaces-and-income.md): on the listing's Rent roll section a teammate chooses a
// spreadsheet, sees a bad row named by row and column, chooses the fixed file, maps the one column
// the app could not name, replaces the rent roll (its figures follow), then undoes the import and
// the old roll is back; then imports the spaces from a file and sees their range.
import { describe, expect, it } from "vitest";
import { signedInPage } from "./support/accounts";
import { createListing, uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { card, searchListings } from "./support/ui";

// Cells are joined as they are: none holds a comma.
const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(",")).join("\r\n"));
const HEADER = ["Tenant", "Unit", "SF", "Start", "End", "Rent (mo)"];

describe("rent roll and spaces import", () => {
  const suite = useSuite();

  for (const device of ["desktop", "phone"] as const) {
    it(`imports a rent roll from a CSV file, undoes it, and imports spaces (${device})`, async () => {
      const { context, page } = await signedInPage(suite, { device });
      const name = `${uniqueToken("rentroll")} Elm Court`;
      const listing = await createListing(context, { listingName: name, offeringType: "Sell", askingPrice: 2_000_000, buildingSizeSf: 10_000 });
      const added = await context.request.post(`/api/listings/${listing.id}/rent-roll`, { data: { tenant: "Old Tenant", sizeSf: 1000, annualRent: 12_000 } });
      if (added.status() !== 201) throw new Error(`Could not add a tenant: ${added.status()}`);
      await page.goto("/");
      await searchListings(page, name);
      await card(page, name).getByRole("button", { name: "View Details" }).click();
      const detail = page.getByRole("dialog", { name });
      const roll = detail.getByRole("region", { name: "Rent roll" });
      await roll.scrollIntoViewIfNeeded();
      await roll.getByText("Old Tenant").filter({ visible: true }).first().waitFor();

      await roll.getByRole("button", { name: "Import from a spreadsheet" }).click();
      const importer = roll.getByTestId("rent-roll-import");
      const file = importer.getByLabel("Import the rent roll from a spreadsheet (CSV or .xlsx)");

      // A lease that ends before it starts is named by its row and column; nothing can be imported yet.
      await file.setInputFiles({
        name: "rent-roll.csv",
        mimeType: "text/csv",
        buffer: csv([HEADER, ["Corner Cafe", "100", "2000", "1/1/2025", "12/31/2099", "$5000"], ["Late Shop", "200", "3000", "1/1/2026", "1/1/2025", "$2500"]]),
      });
      const problems = importer.getByTestId("income-import-problems");
      await problems.getByText("No column is mapped to a rent (Annual Rent, Monthly Rent or Rent per SF)").waitFor();
      await importer.getByRole("combobox", { name: /^Rent \(mo\)/ }).selectOption("monthlyRent");
      await problems.getByText("Row 3, End: Lease end must not be before the lease start").waitFor();
      expect(await importer.getByRole("button", { name: "Replace the rent roll" }).isDisabled()).toBe(true);

      // The fixed file: its unnamed column is mapped again, and the preview shows what replaces what.
      await file.setInputFiles({
        name: "rent-roll.csv",
        mimeType: "text/csv",
        buffer: csv([HEADER, ["Corner Cafe", "100", "2000", "1/1/2025", "12/31/2099", "$5000"], ["Late Shop", "200", "3000", "1/1/2025", "12/31/2099", "$2500"]]),
      });
      await problems.getByText("No column is mapped to a rent (Annual Rent, Monthly Rent or Rent per SF)").waitFor();
      await importer.getByRole("combobox", { name: /^Rent \(mo\)/ }).selectOption("monthlyRent");
      await importer.getByTestId("income-import-summary").getByText("2 tenants will replace the 1 tenant on the rent roll.").waitFor();
      await importer.getByTestId("income-import-rows").getByText("$60,000").waitFor();
      await screenshot(page, `rent-roll-import-preview-${device}`, { fullPage: false });
      await importer.getByRole("button", { name: "Replace the rent roll" }).click();
      await importer.getByText("Imported 2 tenants from rent-roll.csv, replacing 1 tenant.").waitFor();

      // The rent roll and its figures are the file's: 5,000 of 10,000 SF leased, $90,000 a year.
      const figures = roll.getByTestId("rent-roll-figures");
      await figures.getByText("50.0%").waitFor();
      await figures.getByText("$90,000").waitFor();
      await roll.getByText("Late Shop").filter({ visible: true }).first().waitFor();

      await importer.getByRole("button", { name: "Undo import" }).click();
      await importer.getByText("Import undone: the previous rent roll (1 tenant) is back.").waitFor();
      await figures.getByText("$12,000").waitFor();
      await roll.getByText("Old Tenant").filter({ visible: true }).first().waitFor();
      await roll.getByText("Late Shop").filter({ visible: true }).waitFor({ state: "detached" });

      // Spaces come in the same way, on their own section; the range above them is the file's.
      const spaces = detail.getByRole("region", { name: "Spaces" });
      await spaces.getByRole("button", { name: "Import from a spreadsheet" }).click();
      await spaces
        .getByLabel("Import the spaces from a spreadsheet (CSV or .xlsx)")
        .setInputFiles({ name: "spaces.csv", mimeType: "text/csv", buffer: csv([["Suite", "Size SF", "Rate", "Lease Type"], ["200", "2400", "$18.50", "NNN"], ["300", "9800", "$16", "nnn"]]) });
      await spaces.getByTestId("income-import-summary").getByText("2 spaces will replace the 0 spaces of the listing.").waitFor();
      await spaces.getByRole("button", { name: "Replace the spaces" }).click();
      await spaces.getByText("Imported 2 spaces from spaces.csv, replacing 0 spaces.").waitFor();
      await spaces.getByTestId("spaces-range").getByText("2,400–9,800 SF available; $16.00–$18.50/SF/yr NNN").waitFor();
    });
  }
});

import fs from "node:fs/promises";
import Papa from "papaparse";
import type { Download, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CSV_EXPORT_COLUMNS, CSV_TEMPLATE_COLUMNS } from "../shared/csv-columns";
import type { ListingSummary } from "../shared/schema";
import { signedInPage } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { createAgent, createListing, createListings, getListing, uniqueToken } from "./support/listings";
import { screenshot, settledBox, useSuite } from "./support/suite";
import { card, cards, eventually, gotoListings, navCount, searchListings, sortedCardNames, toast } from "./support/ui";
import { downloadBy } from "./support/downloads";

const selectionBar = (page: Page) => page.getByTestId("selection-bar");

async function openImport(page: Page) {
  await gotoListings(page);
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByTestId("import-dialog");
  await dialog.getByRole("heading", { name: "Import CSV" }).waitFor();
  return dialog;
}

async function download(page: Page, click: () => Promise<void>): Promise<{ file: Download; text: string }> {
  const { file, path } = await downloadBy(page, click);
  return { file, text: await fs.readFile(path, "utf8") };
}

const parseCsv = (text: string) => Papa.parse<string[]>(text, { skipEmptyLines: true }).data;

const csvLine = (cells: string[]) => cells.join(",");

describe("CSV import and export, bulk edit and bulk delete", () => {
  const suite = useSuite();

  it("imports a CSV with one bad row and shows what was created, ignored and refused", async () => {
    const { page } = await signedInPage(suite);
    const token = uniqueToken("imp");
    const csv = [
      csvLine([...CSV_TEMPLATE_COLUMNS.slice(0, 7), "Colour"]),
      csvLine([`${token} Diner`, "1 Main St", "Morgantown", "WV", "Sell", "A busy diner on Main Street.", "Triple", "red"]),
      csvLine([`${token} Broken`, "2 Main St", "Morgantown", "WV", "Sell", "A row with a category that does not exist.", "Quadruple", "blue"]),
      csvLine([`${token} Shop`, "3 Main St", "Fairmont", "WV", "Lease", "A corner shop with parking.", "Single", "green"]),
    ].join("\r\n");

    const dialog = await openImport(page);
    const importButton = dialog.getByRole("button", { name: "Import", exact: true });
    expect(await importButton.isDisabled()).toBe(true);
    expect(await dialog.getByTestId("import-file-input").getAttribute("accept")).toBe(".csv,text/csv");

    await dialog.getByTestId("import-file-input").setInputFiles({ name: "listings.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await dialog.getByTestId("import-file-name").filter({ hasText: "listings.csv" }).waitFor();
    expect(await importButton.isEnabled()).toBe(true);
    await importButton.click();

    const result = dialog.getByTestId("import-result");
    await result.waitFor();
    expect(await result.getByTestId("import-created").locator("dd").textContent()).toBe("2");
    expect(await result.getByTestId("import-updated").locator("dd").textContent()).toBe("0");
    expect(await result.getByTestId("import-failed").locator("dd").textContent()).toBe("1");
    expect(await result.getByTestId("import-ignored-columns").textContent()).toContain("Colour");
    const failedBox = result.getByTestId("import-failed-rows");
    const failedText = await failedBox.textContent();
    expect(failedText).toContain("Row 3:");
    expect(failedText).toContain("Marketing Category");
    const boxStyle = await failedBox.evaluate((el) => {
      const style = getComputedStyle(el);
      return { maxHeight: style.maxHeight, overflowY: style.overflowY, color: style.color };
    });
    expect(boxStyle.maxHeight).toBe("128px");
    expect(boxStyle.overflowY).toBe("auto");
    await toast(page, "Success!").filter({ hasText: "Imported 2 listings" }).waitFor();
    await screenshot(page, "csv-import-result-desktop");
    expect(await seriousViolations(page, "[data-testid=import-dialog]")).toEqual([]);

    // The lists refreshed: the new listings are on the page behind the dialog.
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await dialog.waitFor({ state: "detached" });
    await searchListings(page, token);
    await eventually(() => sortedCardNames(page)).toEqual([`${token} Diner`, `${token} Shop`]);
  });

  it("reads a Windows-1252 file and assigns the imported listings to the chosen agent", async () => {
    const { context, page } = await signedInPage(suite);
    const token = uniqueToken("enc");
    const agent = await createAgent(context, `${token} Agent`);
    const csv = [
      csvLine(CSV_TEMPLATE_COLUMNS.slice(0, 7)),
      csvLine([`${token} Café`, "9 Rue St", "Wheeling", "WV", "Lease", "Crème brûlée and espresso.", "Double"]),
    ].join("\r\n");

    const dialog = await openImport(page);
    await dialog.getByTestId("import-file-input").setInputFiles({ name: "EXCEL.CSV", mimeType: "text/csv", buffer: Buffer.from(csv, "latin1") });
    await dialog.getByTestId("import-agent").click();
    await page.getByRole("option", { name: agent.name, exact: true }).click();
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await eventually(() => dialog.getByTestId("import-created").locator("dd").textContent()).toBe("1");

    const all = (await (await context.request.get("/api/listings")).json()) as ListingSummary[];
    const imported = all.find((l) => l.listingName.startsWith(token));
    expect(imported?.listingName).toBe(`${token} Café`);
    expect(imported?.propertyDescription).toBe("Crème brûlée and espresso.");
    expect(imported?.agentId).toBe(agent.id);
  });

  it("refuses a file whose name does not end in .csv and says why a whole file fails", async () => {
    const { page } = await signedInPage(suite);
    const dialog = await openImport(page);
    await dialog.getByTestId("import-file-input").setInputFiles({ name: "listings.xlsx", mimeType: "application/octet-stream", buffer: Buffer.from("x") });
    await toast(page, "Invalid file").filter({ hasText: "Please select a CSV file" }).waitFor();
    expect(await dialog.getByRole("button", { name: "Import", exact: true }).isDisabled()).toBe(true);
    // The dialog says it too, and offers the import wizard for a workbook.
    const fileError = dialog.getByTestId("import-error");
    expect(await fileError.textContent()).toContain("Please select a CSV file");
    await fileError.getByRole("button", { name: "Import this Excel workbook with the import wizard" }).waitFor();

    // A template file that cannot be read whole is refused: the toast and the dialog say why.
    await dialog.getByTestId("import-file-input").setInputFiles({
      name: "empty.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`${CSV_TEMPLATE_COLUMNS.join(",")}\r\n`),
    });
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await toast(page, "Failed to import CSV. Please check your file format.").waitFor();
    expect(await dialog.getByTestId("import-error").textContent()).toContain("The file has a header row but no listings below it.");

    // Another tool's columns are not refused: the dialog says the wizard will map them.
    await dialog.getByTestId("import-file-input").setInputFiles({ name: "other.csv", mimeType: "text/csv", buffer: Buffer.from("Name,Price\r\nA,1\r\n") });
    await dialog.getByTestId("import-for-wizard").waitFor();
    expect(await dialog.getByTestId("import-error").count()).toBe(0);
  });

  it("downloads a template whose header is exactly the import columns", async () => {
    const { page } = await signedInPage(suite);
    const dialog = await openImport(page);
    await screenshot(page, "csv-import-dialog-desktop");
    const { file, text } = await download(page, () => dialog.getByRole("button", { name: "Download template" }).click());
    expect(file.suggestedFilename()).toBe("listings-template.csv");
    const rows = parseCsv(text);
    expect(rows).toEqual([[...CSV_TEMPLATE_COLUMNS]]);
  });

  it("exports every listing, neutralising cells a spreadsheet would run as formulas", async () => {
    const { context, page } = await signedInPage(suite);
    const token = uniqueToken("exp");
    await createListing(context, { listingName: `=${token} Formula`, notes: "+1 call back" });
    await createListing(context, { listingName: `${token} Plain`, marketingCategory: "Grand Slam" });
    const all = (await (await context.request.get("/api/listings")).json()) as ListingSummary[];

    await gotoListings(page);
    const { file, text } = await download(page, () => page.getByRole("button", { name: "Export All" }).click());
    expect(file.suggestedFilename()).toBe("listings.csv");
    // Saved byte for byte: the server's BOM (Excel needs it for UTF-8) is still there.
    expect(text.startsWith("\uFEFF")).toBe(true);
    await toast(page, "Success!").waitFor();

    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([...CSV_EXPORT_COLUMNS]);
    expect(rows).toHaveLength(all.length);
    const column = (name: (typeof CSV_EXPORT_COLUMNS)[number]) => header.indexOf(name);
    const formula = rows.find((r) => r[column("Listing Name")].includes(`${token} Formula`));
    expect(formula?.[column("Listing Name")]).toBe(`'=${token} Formula`);
    expect(formula?.[column("Notes")]).toBe("'+1 call back");
    const plain = rows.find((r) => r[column("Listing Name")] === `${token} Plain`);
    expect(plain?.[column("Marketing Category")]).toBe("Grand Slam");
    expect(plain?.[column("Is Active")]).toBe("true");
  });

  it("bulk edits, exports and deletes the selected listings", async () => {
    const { context, page } = await signedInPage(suite);
    const token = uniqueToken("bulk");
    const names = [`${token} Alpha`, `${token} Bravo`, `${token} Charlie`];
    const created = [];
    for (const name of names) created.push(await createListing(context, { listingName: name, marketingCategory: "Double", notes: "old note" }));

    await gotoListings(page);
    await searchListings(page, token);
    await eventually(() => sortedCardNames(page)).toEqual(names);
    const before = Number(await navCount(page).textContent());

    for (const name of names.slice(0, 2)) await card(page, name).getByRole("checkbox", { name: `Select ${name}` }).click();
    await selectionBar(page).getByText("2 listings selected").waitFor();
    await screenshot(page, "csv-selection-bar-desktop");

    // Bulk Edit: nothing filled in is refused, then the category changes on the two only.
    await selectionBar(page).getByRole("button", { name: "Bulk Edit" }).click();
    const edit = page.getByTestId("bulk-edit-dialog");
    await edit.getByRole("heading", { name: "Bulk Edit" }).waitFor();
    await edit.getByRole("button", { name: "Update 2 Listings" }).click();
    await toast(page, "No changes").filter({ hasText: "Please fill in at least one field to update" }).waitFor();
    expect(await edit.isVisible()).toBe(true);

    // A filled link is checked like in the listing form, before anything is sent.
    await edit.getByLabel("Dropbox Link").fill("not a link");
    await edit.getByRole("button", { name: "Update 2 Listings" }).click();
    await edit.getByText("Dropbox Link must be a web address starting with http:// or https://").waitFor();
    await edit.getByLabel("Dropbox Link").fill("");

    await edit.getByTestId("bulk-marketingCategory").click();
    await page.getByRole("option", { name: /^Homerun/ }).click();
    await edit.getByLabel("Notes (internal)").fill("Price reduced");
    await screenshot(page, "csv-bulk-edit-desktop");
    expect(await seriousViolations(page, "[data-testid=bulk-edit-dialog]")).toEqual([]);
    await edit.getByRole("button", { name: "Update 2 Listings" }).click();
    await toast(page, "Success!").filter({ hasText: "Updated 2 listings" }).waitFor();
    await edit.waitFor({ state: "detached" });

    const badge = (name: string) => card(page, name).getByTestId("category-badge").textContent();
    await eventually(() => badge(names[0])).toContain("Homerun");
    await eventually(() => badge(names[1])).toContain("Homerun");
    expect(await badge(names[2])).toContain("Double");
    const [a, b, c] = await Promise.all(created.map((l) => getListing(context, l.id)));
    expect([a.marketingCategory, a.notes, a.offeringType]).toEqual(["Homerun", "Price reduced", "Sell"]);
    expect(b.marketingCategory).toBe("Homerun");
    expect([c.marketingCategory, c.notes]).toEqual(["Double", "old note"]);

    // Still selected after the edit: Export Selected writes those two rows only.
    await selectionBar(page).getByText("2 listings selected").waitFor();
    const { file, text } = await download(page, () => selectionBar(page).getByRole("button", { name: "Export Selected" }).click());
    expect(file.suggestedFilename()).toBe("listings.csv");
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([...CSV_EXPORT_COLUMNS]);
    expect(rows.map((r) => r[0]).sort()).toEqual(names.slice(0, 2));
    expect(rows.every((r) => r[header.indexOf("Marketing Category")] === "Homerun")).toBe(true);

    // Delete Selected asks first, then both go and the count follows.
    await selectionBar(page).getByRole("button", { name: "Delete Selected" }).click();
    const confirm = page.getByTestId("bulk-delete-dialog");
    await confirm.getByRole("heading", { name: "Delete 2 listings?" }).waitFor();
    expect(await confirm.textContent()).toContain("This action cannot be undone.");
    await screenshot(page, "csv-bulk-delete-confirm-desktop");
    expect(await seriousViolations(page, "[data-testid=bulk-delete-dialog]")).toEqual([]);
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await toast(page, "Success!").filter({ hasText: "Deleted 2 listings" }).waitFor();
    await confirm.waitFor({ state: "detached" });
    await eventually(() => sortedCardNames(page)).toEqual([names[2]]);
    await selectionBar(page).waitFor({ state: "detached" });
    await eventually(async () => Number(await navCount(page).textContent())).toBe(before - 2);
    for (const l of created.slice(0, 2)) expect((await context.request.get(`/api/listings/${l.id}`)).status()).toBe(404);
  });

  it("shows server field errors under the bulk edit fields", async () => {
    const { context, page } = await signedInPage(suite);
    const token = uniqueToken("bulkerr");
    await createListing(context, { listingName: `${token} One` });
    await page.route("**/api/listings/bulk", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({ message: "Looplink Link is not allowed", errors: { looplinkLink: "Looplink Link is not allowed" } }),
      }),
    );
    await gotoListings(page);
    await searchListings(page, token);
    await card(page, `${token} One`).getByRole("checkbox").click();
    await selectionBar(page).getByRole("button", { name: "Bulk Edit" }).click();
    const edit = page.getByTestId("bulk-edit-dialog");
    await edit.getByLabel("Looplink Link").fill("https://www.loopnet.com/x");
    await edit.getByRole("button", { name: "Update 1 Listing" }).click();
    await toast(page, "Failed to update listings. Please try again.").waitFor();
    await edit.getByText("Looplink Link is not allowed").waitFor();
    expect(await edit.getByLabel("Looplink Link").getAttribute("aria-invalid")).toBe("true");
  });

  it("deletes a large selection a few at a time with progress, keeping failures selected", async () => {
    const { context, page } = await signedInPage(suite);
    const token = uniqueToken("many");
    await createListings(context, 12, (i) => ({ listingName: `${token} ${String(i).padStart(2, "0")}` }));
    const keep = `${token} 05`;
    const all = (await (await context.request.get("/api/listings")).json()) as ListingSummary[];
    const failing = all.find((l) => l.listingName === keep)!;

    // Every DELETE waits at this gate until the test has seen the progress, so the check cannot
    // miss a run that a fast machine finishes in an instant.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let inFlight = 0;
    let maxInFlight = 0;
    await page.route(/\/api\/listings\/[^/]+$/, async (route) => {
      if (route.request().method() !== "DELETE") return route.fallback();
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await gate;
      inFlight -= 1;
      if (route.request().url().endsWith(`/${failing.id}`)) return route.fulfill({ status: 500, body: "boom" });
      return route.continue();
    });

    await gotoListings(page);
    await searchListings(page, token);
    await eventually(() => cards(page).count()).toBe(12);
    await page.getByLabel("Select All").click();
    await selectionBar(page).getByText("12 listings selected").waitFor();
    await selectionBar(page).getByRole("button", { name: "Delete Selected" }).click();
    const confirm = page.getByTestId("bulk-delete-dialog");
    await confirm.getByRole("heading", { name: "Delete 12 listings?" }).waitFor();
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();

    await confirm.getByText("Deleting 0 of 12...").waitFor();
    await confirm.getByRole("progressbar").waitFor();
    // Four at a time: the fifth call waits for one of the first four.
    await eventually(() => inFlight).toBe(4);
    await screenshot(page, "csv-bulk-delete-progress-desktop");
    open();

    await toast(page, "Failed to delete listings. Please try again.").waitFor();
    await confirm.waitFor({ state: "detached" });
    expect(maxInFlight).toBe(4);
    await eventually(() => sortedCardNames(page)).toEqual([keep]);
    await selectionBar(page).getByText("1 listing selected").waitFor();
    expect(await card(page, keep).getByRole("checkbox").getAttribute("data-state")).toBe("checked");
  });

  it("fits the header and the selection bar on a phone", async () => {
    const { context, page } = await signedInPage(suite, { device: "phone" });
    const token = uniqueToken("phone");
    await createListing(context, { listingName: `${token} Kiosk` });
    await gotoListings(page);

    // Import and export fold into a menu beside Add New Listing.
    await page.getByRole("button", { name: "Add New Listing" }).waitFor();
    expect(await page.getByRole("button", { name: "Import CSV" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Import and export" }).click();
    await page.getByRole("menuitem", { name: "Export All" }).waitFor();
    await screenshot(page, "csv-header-menu-phone");
    await page.getByRole("menuitem", { name: "Import CSV" }).click();
    const dialog = page.getByTestId("import-dialog");
    await dialog.getByRole("heading", { name: "Import CSV" }).waitFor();
    await screenshot(page, "csv-import-dialog-phone");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    await searchListings(page, token);
    await card(page, `${token} Kiosk`).getByRole("checkbox").click();
    const bar = selectionBar(page);
    await bar.getByText("1 listing selected").waitFor();
    for (const name of ["Bulk Edit", "Export Selected", "Delete Selected", "Clear Selection"]) {
      expect(await bar.getByRole("button", { name }).isVisible()).toBe(true);
    }
    const box = await settledBox(bar);
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, "csv-selection-bar-phone");

    await bar.getByRole("button", { name: "Bulk Edit" }).click();
    await page.getByTestId("bulk-edit-dialog").getByRole("heading", { name: "Bulk Edit" }).waitFor();
    await screenshot(page, "csv-bulk-edit-phone");
  });
});

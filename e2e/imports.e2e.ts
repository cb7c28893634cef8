// The import wizard as a broker uses it, on a desktop and on a phone: another tool's
// export mapped column by column, a value map fixed, defaults set, a preview read and its
// failures downloaded, the import committed and then undone.
import fs from "node:fs/promises";
import Papa from "papaparse";
import type { BrowserContext, Locator, Page, Request, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import writeExcelFile from "write-excel-file/node";
import type { ImportCommitReply, ImportPreviewReply } from "../shared/imports/wire";
import type { ListingSummary } from "../shared/schema";
import { signedInPage } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { createAgent, createListing, uniqueToken } from "./support/listings";
import { expectPath, screenshot, useSuite } from "./support/suite";
import { sidewaysOverflow, smallTapTargets } from "./support/tap-targets";
import { eventually, gotoListings, toast } from "./support/ui";
import { TIMEOUT } from "../testing/timeouts.ts";
import { savedDownload } from "./support/downloads";

const csvLine = (cells: string[]) => cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(",");

/**
 * A LoopNet-like export: a title, a street address, "City, State" with a full state name, a
 * status in LoopNet's words, prices as exports write them, an unnamed column, and no description
 * or marketing category. One row's price cannot be read; one row is a listing that exists.
 */
function loopnetCsv(token: string): string {
  return [
    csvLine(["Property Name", "Property Address", "City State", "Status", "Price", "Building Size", "", `${token} Broker`]),
    csvLine([`${token} Bay Plaza`, "100 Main St", "Morgantown, West Virginia", "For Sale", "$1,250,000", "20,000 SF", "internal", "Dana"]),
    csvLine([`${token} Oak Court`, "200 High St", "Wheeling, WV", "For Lease", "Price Upon Request", "5,000", "", "Dana"]),
    csvLine([`${token} Elm Lofts`, "300 Elm St", "Fairmont, WV", "Auction", "$489,000 - $699,000", "", "", "Lee"]),
    csvLine([`${token} Broken`, "400 Pine St", "Morgantown, WV", "For Sale", "a lot", "", "", "Lee"]),
    csvLine([`${token} Existing`, "500 Oak Ave", "Morgantown, WV", "For Sale", "$900,000", "", "", "Lee"]),
  ].join("\r\n");
}

/** The columns of loopnetCsv, mapped as a broker would (the last two ignored). */
const LOOPNET_MAPPING = ["listingName", "address", "cityState", "offeringType", "askingPrice", "buildingSizeSf", "", ""];

const wizard = (page: Page) => page.getByTestId("import-wizard");
const column = (page: Page, index: number) => page.locator(`[data-testid=mapping-column][data-column="${index}"]`);
const defaultInput = (page: Page, field: string) => page.locator(`[data-testid=default-field][data-field=${field}]`).locator("input, select").first();
const count = (page: Page, action: string) => page.getByTestId(`preview-count-${action}`).getAttribute("data-count");

async function atStep(page: Page, step: string) {
  await eventually(() => wizard(page).getAttribute("data-step")).toBe(step);
}

async function openWizard(page: Page) {
  await page.goto("/imports/new");
  await page.getByRole("heading", { name: "Import a spreadsheet", level: 1 }).waitFor({ timeout: TIMEOUT.pageCode });
}

async function chooseFile(page: Page, name: string, buffer: Buffer, mimeType = "text/csv") {
  await page.getByTestId("wizard-file-input").setInputFiles({ name, mimeType, buffer });
  await atStep(page, "map");
}

async function mapColumns(page: Page, mapping: string[]) {
  for (const [index, target] of mapping.entries()) await column(page, index).getByTestId("mapping-target").selectOption(target);
}

async function setDefaults(page: Page) {
  await defaultInput(page, "propertyDescription").fill("Listed on LoopNet; details to follow.");
  await defaultInput(page, "marketingCategory").selectOption("Single");
}

async function preview(page: Page) {
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await atStep(page, "preview");
}

async function filterRows(page: Page, action: string) {
  await page.getByTestId(`preview-count-${action}`).click();
  await eventually(() => page.getByTestId("preview-rows").getByTestId("preview-row").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-action"))))
    .toSatisfy((actions: string[]) => actions.length > 0 && actions.every((a) => a === action));
}

async function listingsNamed(context: BrowserContext, token: string) {
  const all = (await (await context.request.get("/api/listings")).json()) as ListingSummary[];
  return all.filter((l) => l.listingName.startsWith(token)).map((l) => l.listingName).sort();
}

async function agentsOf(context: BrowserContext, token: string) {
  const all = (await (await context.request.get("/api/listings")).json()) as ListingSummary[];
  return all.filter((l) => l.listingName.startsWith(token)).map((l) => l.agentId);
}

async function confirmUndo(page: Page, scope: Locator) {
  await scope.getByTestId("undo-import").click();
  const confirm = page.getByTestId("undo-confirm");
  await confirm.getByRole("heading", { name: "Undo this import?" }).waitFor();
  await confirm.getByRole("button", { name: "Undo import" }).click();
  return scope.getByTestId("undo-summary");
}

describe("the import wizard", () => {
  const suite = useSuite();

  it("warns of columns empty in every row, and offers to read City and State from LoopNet links", async () => {
    const { page } = await signedInPage(suite);
    const token = uniqueToken("Links ");
    const file = [
      csvLine(["Property Name", "Street", "City", "Link"]),
      csvLine([`${token} High`, "54 High St", "", "https://www.loopnet.com/Listing/54-High-St-Morgantown-WV/31234567/"]),
      csvLine([`${token} Water`, "7 Water St", "", "https://www.loopnet.com/Listing/7-Water-St-Wheeling-WV/31234571/"]),
    ].join("\r\n");
    await openWizard(page);
    await chooseFile(page, "loopnet-links.csv", Buffer.from(file));
    // City is mapped by its header but holds nothing: said before the preview.
    await page.getByTestId("empty-columns").getByText("City (City)").waitFor();
    // Ignoring it leaves no City or State column: the links offer them, already chosen.
    await column(page, 2).getByTestId("mapping-target").selectOption("");
    const offer = page.getByTestId("city-state-from");
    await offer.getByText("Read City and State from Link (first row: Morgantown, WV)").waitFor();
    expect(await offer.getByRole("checkbox").getAttribute("data-state")).toBe("checked");
    expect(await page.getByTestId("empty-columns").count()).toBe(0);
  });

  it("maps another tool's export, fixes a value map, sets defaults, previews, downloads the failures, imports and undoes (desktop)", async () => {
    const { context, page } = await signedInPage(suite);
    const token = uniqueToken("wiz");
    await createListing(context, { listingName: `${token} Existing`, address: "500 Oak Ave", city: "Morgantown", state: "WV" });
    const file = Buffer.from(loopnetCsv(token));

    await openWizard(page);
    await chooseFile(page, "loopnet-export.csv", file);
    expect(await page.getByTestId("wizard-file-name").textContent()).toBe("loopnet-export.csv");
    // Every column shows, the unnamed one too, with its samples.
    expect(await page.getByTestId("mapping-column").count()).toBe(8);
    expect(await column(page, 6).textContent()).toContain("(no header)");
    expect(await column(page, 6).textContent()).toContain("Column 7");
    expect(await column(page, 0).textContent()).toContain(`${token} Bay Plaza`);

    // One field for two columns is flagged before anything is sent.
    await column(page, 0).getByTestId("mapping-target").selectOption("askingPrice");
    await column(page, 4).getByTestId("mapping-target").selectOption("askingPrice");
    expect(await column(page, 0).textContent()).toContain("Asking Price is also chosen for another column.");
    expect(await page.getByTestId("mapping-problems").textContent()).toContain("Asking Price is chosen for 2 columns (column 1, column 5)");
    expect(await page.getByRole("button", { name: "Preview", exact: true }).isDisabled()).toBe(true);
    // With no column for Listing Name, the wizard says where the names come from.
    expect(await page.getByTestId("name-from-address").textContent()).toContain("each listing is named after its street address");

    await mapColumns(page, LOOPNET_MAPPING);
    expect(await page.getByTestId("name-from-address").count()).toBe(0);
    // No column holds a description or a category: the wizard asks a default for each.
    expect(await page.getByTestId("needs-default").textContent()).toContain("Property Description, Marketing Category");
    expect(await page.locator("[data-testid=default-field][data-field=propertyDescription]").textContent()).toContain("Required");
    expect(await page.getByRole("button", { name: "Preview", exact: true }).isDisabled()).toBe(true);
    await setDefaults(page);
    expect(await page.getByTestId("mapping-problems").count()).toBe(0);
    // With no link column, address and city is the strongest key the mapping has: chosen and marked.
    const suggestedRule = page.getByTestId("match-by").locator("label").filter({ has: page.getByTestId("match-by-suggested") });
    expect(await suggestedRule.textContent()).toContain("Address and city");
    expect(await suggestedRule.getByRole("radio").isChecked()).toBe(true);
    // Values read from words the choices do not spell are marked.
    expect(await page.locator("[data-testid=value-map-row]").filter({ hasText: "“For Sale”" }).getByTestId("value-suggested").count()).toBe(1);
    expect(await seriousViolations(page, "main")).toEqual([]);
    await screenshot(page, "import-wizard-map-desktop");

    // First preview: "Auction" has no allowed value yet, so its row fails; the preview says so.
    await preview(page);
    // Focus follows the step (the Preview button is gone), for keyboards and screen readers.
    await eventually(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Step 3 of 5: Preview");
    expect(Number(await count(page, "fail"))).toBeGreaterThanOrEqual(2);
    await page.getByTestId("preview-values-left").getByRole("button", { name: "Map them" }).click();
    await atStep(page, "map");
    await page.getByLabel("Offering Type value “Auction”").selectOption("Sell");
    expect(await page.getByLabel("Offering Type value “For Sale”").inputValue()).toBe("Sell");
    await preview(page);

    expect([await count(page, "create"), await count(page, "update"), await count(page, "unchanged"), await count(page, "fail")]).toEqual(["3", "1", "0", "1"]);
    await filterRows(page, "fail");
    const failed = page.getByTestId("preview-row").first();
    expect(await failed.getAttribute("data-row")).toBe("5");
    expect(await failed.getByTestId("preview-errors").textContent()).toContain("Asking Price:");
    await filterRows(page, "update");
    expect(await page.getByTestId("preview-row").first().getByTestId("preview-changes").textContent()).toContain("Asking Price: empty → $900,000");
    await filterRows(page, "create");
    expect(await page.getByTestId("preview-rows").textContent()).toContain(`${token} Elm Lofts`);
    // Price, size, type and stage are columns under their names; a range says what is stored.
    expect(await page.getByTestId("preview-header").isVisible()).toBe(true);
    expect(await page.getByTestId("preview-header").textContent()).toBe("ListingPriceSizeProperty typeDeal stage");
    const bay = page.getByTestId("preview-row").filter({ hasText: `${token} Bay Plaza` });
    expect([await bay.getByTestId("preview-price").locator("dd").textContent(), await bay.getByTestId("preview-size").locator("dd").textContent()]).toEqual([
      "$1,250,000",
      "20,000 SF",
    ]);
    const elm = page.getByTestId("preview-row").filter({ hasText: `${token} Elm Lofts` });
    expect(await elm.getByTestId("preview-price").locator("dd").textContent()).toBe("$489,000");
    expect(await elm.getByTestId("preview-row-warnings").textContent()).toBe("Asking Price: range $489,000 – $699,000: stored as $489,000");
    expect(await page.getByTestId("preview-warning").allTextContents()).toContain(
      '1 row holds a range (like "$489,000 - $699,000"): each stores its lower bound, and the listing\'s notes keep the range. The rows say which.',
    );
    expect(await seriousViolations(page, "main")).toEqual([]);
    await screenshot(page, "import-wizard-preview-desktop");

    // The failures come back as the file's own columns plus the reason, to fix and import again.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-failures").click()]);
    const failures = Papa.parse<string[]>((await fs.readFile(await savedDownload(download), "utf8")).replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    expect(failures[0]).toEqual([...Papa.parse<string[]>(loopnetCsv(token)).data[0], "Error"]);
    expect(failures.slice(1).map((r) => r[0])).toEqual([`${token} Broken`]);

    // Nothing is written before the import.
    expect(await listingsNamed(context, token)).toEqual([`${token} Existing`]);
    await page.getByTestId("commit-import").click();
    await atStep(page, "result");
    expect(await page.getByTestId("result-created").locator("dd").textContent()).toBe("3");
    expect(await page.getByTestId("result-updated").locator("dd").textContent()).toBe("1");
    expect(await page.getByTestId("result-failed").locator("dd").textContent()).toBe("1");
    await toast(page, "Import finished: 3 created, 1 updated.").waitFor();
    expect(await listingsNamed(context, token)).toEqual([`${token} Bay Plaza`, `${token} Elm Lofts`, `${token} Existing`, `${token} Oak Court`]);

    const summary = await confirmUndo(page, page.getByTestId("wizard-result"));
    await eventually(() => summary.textContent()).toContain("3 listings deleted, 1 listing restored");
    expect(await listingsNamed(context, token)).toEqual([`${token} Existing`]);
    expect(await page.getByTestId("undo-import").count()).toBe(0);

    // The confirmed mapping is proposed for the next file with the same columns.
    await page.getByRole("button", { name: "Import another file" }).click();
    await atStep(page, "file");
    await chooseFile(page, "loopnet-export-2.csv", file);
    await page.getByTestId("saved-mapping").waitFor();
    expect(await column(page, 3).getByTestId("mapping-target").inputValue()).toBe("offeringType");
    expect(await defaultInput(page, "marketingCategory").inputValue()).toBe("Single");
  });

  it("takes a file from the Import dialog and imports and undoes it on a phone", async () => {
    const { context, page } = await signedInPage(suite, { device: "phone" });
    const token = uniqueToken("tap");
    const csv = [
      csvLine(["Title", "Full Address", "Listing Type", "Asking", `${token} Agent`]),
      csvLine([`${token} Depot`, "12 Rail St, Wheeling, WV 26003", "For Sale", "$250,000", "x"]),
      csvLine([`${token} Mill`, "14 Rail St, Wheeling, WV 26003", "For Lease", "$489K–$699K", "y"]),
    ].join("\r\n");
    const problems: string[] = [];
    const audit = async (where: string) => {
      for (const small of await smallTapTargets(page)) problems.push(`${where}: ${small}`);
      for (const finding of await seriousViolations(page, "main")) problems.push(`${where} (axe): ${finding}`);
    };

    const agent = await createAgent(context, `${token} Dana`);

    // The spec's dialog reads the header and hands a non-template file on instead of refusing it,
    // with the agent chosen there.
    await gotoListings(page);
    await page.getByRole("button", { name: "Import and export" }).click();
    await page.getByRole("menuitem", { name: "Import CSV" }).click();
    const dialog = page.getByTestId("import-dialog");
    await dialog.getByTestId("import-file-input").setInputFiles({ name: "crexi.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await dialog.getByTestId("import-for-wizard").waitFor();
    await dialog.getByTestId("import-agent").click();
    await page.getByRole("option", { name: agent.name, exact: true }).click();
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await expectPath(page, "/imports/new");
    await atStep(page, "map");
    expect(await page.getByTestId("wizard-file-name").textContent()).toBe("crexi.csv");
    expect(await page.getByTestId("wizard-step").textContent()).toBe("Step 2 of 5: Map");
    expect(await defaultInput(page, "agentId").inputValue()).toBe(agent.name);

    await mapColumns(page, ["listingName", "fullAddress", "offeringType", "askingPrice", ""]);
    await setDefaults(page);
    await audit("map step");
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "import-wizard-map-phone");

    await preview(page);
    expect([await count(page, "create"), await count(page, "fail")]).toEqual(["2", "0"]);
    // On a phone each row names its facts (no column header), and the range row says what it stores.
    await page.getByTestId("preview-row").first().waitFor();
    expect(await page.getByTestId("preview-header").isVisible()).toBe(false);
    const mill = page.getByTestId("preview-row").filter({ hasText: `${token} Mill` });
    expect(await mill.getByTestId("preview-price").textContent()).toBe("Price$489,000");
    expect(await mill.getByTestId("preview-dealStage").textContent()).toBe("Deal stage—");
    expect(await mill.getByTestId("preview-row-warnings").textContent()).toBe("Asking Price: range $489,000 – $699,000: stored as $489,000");
    await screenshot(page, "import-wizard-preview-phone");
    await audit("preview step");
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });

    await page.getByTestId("commit-import").click();
    await atStep(page, "result");
    expect(await page.getByTestId("result-created").locator("dd").textContent()).toBe("2");
    await audit("result step");
    expect(await listingsNamed(context, token)).toEqual([`${token} Depot`, `${token} Mill`]);
    expect(await agentsOf(context, token)).toEqual([agent.id, agent.id]);

    // The history lists it (who, file, counts) and undoes it after a confirmation.
    await page.getByRole("link", { name: "Import history" }).first().click();
    await expectPath(page, "/imports");
    const item = page.getByTestId("import-history-item").filter({ hasText: "crexi.csv" }).first();
    await item.waitFor();
    expect(await item.textContent()).toContain("alex.admin");
    expect(await item.getByTestId("import-counts").textContent()).toBe("2 created · 0 updated · 0 unchanged · 0 failed");
    await audit("import history");
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    const summary = await confirmUndo(page, item);
    await eventually(() => summary.textContent()).toContain("2 listings deleted");
    await eventually(() => item.getByTestId("import-status").textContent()).toBe("Undone");
    expect(await listingsNamed(context, token)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("lists a changed listing as skipped when the import is undone from the history", async () => {
    const { context, page } = await signedInPage(suite);
    const token = uniqueToken("skp");
    const csv = [
      csvLine(["Name", "Street", "Town", "ST", "Type", "About", "Tier"]),
      csvLine([`${token} One`, "1 Bank St", "Morgantown", "WV", "Sell", "A first listing.", "Single"]),
      csvLine([`${token} Two`, "2 Bank St", "Morgantown", "WV", "Sell", "A second listing.", "Single"]),
    ].join("\r\n");
    const mapping = ["listingName", "address", "city", "state", "offeringType", "propertyDescription", "marketingCategory"];
    const previewRes = await context.request.post("/api/imports/preview", {
      data: { fileName: "bank-street.csv", content: Buffer.from(csv).toString("base64"), encoding: "base64", mapping },
    });
    expect(previewRes.status(), await previewRes.text()).toBe(200);
    const { id } = (await previewRes.json()) as ImportPreviewReply;
    const commitRes = await context.request.post(`/api/imports/${id}/commit`);
    expect(commitRes.status(), await commitRes.text()).toBe(200);
    const committed = (await commitRes.json()) as ImportCommitReply;
    const changed = await context.request.put(`/api/listings/${committed.successful[0].id}`, { data: { notes: "Called the owner." } });
    expect(changed.status(), await changed.text()).toBe(200);

    await page.goto("/imports");
    await page.getByRole("heading", { name: "Imports", level: 1 }).waitFor({ timeout: TIMEOUT.pageCode });
    const item = page.locator(`[data-testid=import-history-item][data-import="${id}"]`);
    const summary = await confirmUndo(page, item);
    await eventually(() => summary.textContent()).toContain("1 listing deleted");
    expect(await summary.getByTestId("undo-skipped").textContent()).toContain(`${token} One`);
    expect(await listingsNamed(context, token)).toEqual([`${token} One`]);
  });

  it("reads the chosen sheet of a workbook, flags rows that share a match, and offers a new preview when the old one expired", async () => {
    const { context, page } = await signedInPage(suite);
    const token = uniqueToken("xls");
    const workbook = await writeExcelFile([
      {
        sheet: "Summary",
        data: [
          [{ value: "Region" }, { value: "Listings" }],
          [{ value: "North" }, { value: 1 }],
        ],
      },
      {
        sheet: "Listings",
        data: [
          ["Property", "Address", "City", "State", "Offer", "Description", "Category"].map((value) => ({ value })),
          [`${token} Works`, "9 Mill St", "Fairmont", "WV", "Sell", "An old mill.", "Double"].map((value) => ({ value })),
          [`${token} Works Annex`, "9 Mill St", "Fairmont", "WV", "Lease", "The mill's annex.", "Single"].map((value) => ({ value })),
        ],
      },
    ]).toBuffer();

    await openWizard(page);
    await chooseFile(page, "listings.xlsx", workbook, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const sheet = page.getByLabel("Sheet");
    expect(await sheet.locator("option").allTextContents()).toEqual(["Summary", "Listings"]);
    expect(await column(page, 0).textContent()).toContain("Region");
    await sheet.selectOption("Listings");
    await eventually(() => column(page, 0).textContent()).toContain("Property");
    await mapColumns(page, ["listingName", "address", "city", "state", "offeringType", "propertyDescription", "marketingCategory"]);
    // Matched by address, the two rows at one address are flagged, never merged.
    await page.getByTestId("match-by").getByRole("radio", { name: /^Address/ }).check();
    await preview(page);
    expect(await count(page, "create")).toBe("2");
    await page.getByTestId("preview-duplicates").waitFor();
    // The notice comes with the preview's summary; the rows it flags arrive in their own request.
    await eventually(() => page.getByTestId("preview-duplicate").allTextContents()).toEqual(["Same match as row 3", "Same match as row 2"]);

    // The staged preview ran out (a lunch break): the Import step says so and previews again.
    await page.route("**/api/imports/*/commit", (route) =>
      route.fulfill({ status: 410, contentType: "application/json", body: JSON.stringify({ message: "This preview has expired." }) }),
    );
    await page.getByTestId("commit-import").click();
    const expired = page.getByTestId("commit-expired");
    await expired.waitFor();
    expect(await expired.textContent()).toContain("This preview has expired.");
    await page.unroute("**/api/imports/*/commit");
    await expired.getByRole("button", { name: "Preview again" }).click();
    await atStep(page, "preview");
    await page.getByTestId("commit-import").click();
    await atStep(page, "result");
    expect(await listingsNamed(context, token)).toEqual([`${token} Works`, `${token} Works Annex`]);
  });

  it("says the file was imported already when a retry follows a commit whose answer was lost (409)", async () => {
    const { context, page } = await signedInPage(suite);
    const token = uniqueToken("lost");
    const csv = [
      csvLine(["Property", "Address", "City", "State", "Offer", "Description", "Category"]),
      csvLine([`${token} Dock`, "3 Pier Rd", "Wheeling", "WV", "Sell", "A loading dock.", "Single"]),
    ].join("\r\n");
    await openWizard(page);
    await chooseFile(page, "dock.csv", Buffer.from(csv));
    await mapColumns(page, ["listingName", "address", "city", "state", "offeringType", "propertyDescription", "marketingCategory"]);
    await preview(page);

    // The server commits, but the answer never arrives (the phone lost its signal on the way back).
    await page.route("**/api/imports/*/commit", async (route) => {
      await route.fetch();
      await route.abort("connectionreset");
    });
    await page.getByTestId("commit-import").click();
    const failed = page.getByTestId("commit-failed");
    await failed.waitFor();
    expect(await failed.textContent()).toContain("Could not reach the server.");
    await page.unroute("**/api/imports/*/commit");

    // Trying again is refused, and the screen says where the import went.
    await failed.getByRole("button", { name: "Try again" }).click();
    const conflict = page.getByTestId("commit-conflict");
    await conflict.waitFor();
    expect(await conflict.textContent()).toContain("This import was committed already.");
    expect(await listingsNamed(context, token)).toEqual([`${token} Dock`]);
    await conflict.getByRole("link", { name: "import history" }).click();
    await expectPath(page, "/imports");
    const item = page.getByTestId("import-history-item").filter({ hasText: "dock.csv" }).first();
    await item.waitFor();
    expect(await item.getByTestId("import-counts").textContent()).toBe("1 created · 0 updated · 0 unchanged · 0 failed");
  });

  it("shows the charset and delimiter it detected, and reads the file again with another", async () => {
    const { page } = await signedInPage(suite);
    // Older Excel on Windows: semicolons and Windows-1252 ("é" is the single byte 0xE9).
    const csv = Buffer.from("Nom;Adresse;Ville\r\nCafé Olé;1 Rue Main;Wheeling\r\n", "latin1");
    await openWizard(page);
    await chooseFile(page, "excel-fr.csv", csv);
    const charset = page.getByLabel("Character set");
    const delimiter = page.getByLabel("Delimiter");
    expect(await charset.locator("option:checked").textContent()).toBe("Detected: Windows-1252 (older Excel)");
    expect(await delimiter.locator("option:checked").textContent()).toBe("Detected: Semicolon ( ; )");
    expect(await page.getByTestId("mapping-column").count()).toBe(3);
    expect(await column(page, 0).textContent()).toContain("Café Olé");

    // Read as comma-separated UTF-8 instead: one column, and the accent no longer decodes.
    await delimiter.selectOption(",");
    await eventually(() => page.getByTestId("mapping-column").count()).toBe(1);
    await charset.selectOption("utf-8");
    await eventually(() => column(page, 0).textContent()).toContain("Caf\uFFFD");
    expect(await charset.locator("option:checked").textContent()).toBe("UTF-8");
    expect(await charset.locator("option").first().textContent()).toBe("Detect automatically");
  });

  it("moves the progress bar on the event stream's word, without polling the import", async () => {
    const { page } = await signedInPage(suite);
    // A fake clock that still runs by itself, so that ten seconds can pass at once below.
    await page.clock.install();
    const token = uniqueToken("bar");
    const csv = [
      csvLine(["Property", "Address", "City", "State", "Offer", "Description", "Category"]),
      csvLine([`${token} Yard`, "5 Pier Rd", "Wheeling", "WV", "Sell", "A rail yard.", "Single"]),
    ].join("\r\n");
    await openWizard(page);
    await chooseFile(page, "yard.csv", Buffer.from(csv));
    await mapColumns(page, ["listingName", "address", "city", "state", "offeringType", "propertyDescription", "marketingCategory"]);
    await preview(page);

    // The commit is held on its way to the server while the bar shows.
    const importReads: Request[] = [];
    page.on("request", (request) => {
      if (request.method() === "GET" && /^\/api\/imports\/[^/]+$/.test(new URL(request.url()).pathname)) importReads.push(request);
    });
    let held: (route: Route) => void = () => {};
    const commit = new Promise<Route>((resolve) => (held = resolve));
    await page.route("**/api/imports/*/commit", (route) => held(route));
    await page.getByTestId("commit-import").click();
    await page.getByTestId("commit-progress").waitFor();
    const route = await commit;
    await eventually(() => importReads.length).toBe(1);

    // Ten seconds pass: the old half-second poll would have read the import twenty more times.
    await page.clock.runFor(10_000);
    await page.evaluate(() => fetch("/api/health"));
    expect(importReads.length).toBe(1);

    // The commit runs; its progress reaches the page over the stream, which reads the import
    // again while the commit's own answer is still held back.
    const response = await route.fetch();
    await eventually(() => importReads.length).toBeGreaterThan(1);
    await route.fulfill({ response });
    await atStep(page, "result");
    expect(await page.getByTestId("result-created").locator("dd").textContent()).toBe("1");
  });
});

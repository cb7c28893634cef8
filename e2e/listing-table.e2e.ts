import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { createListing, uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { card, eventually, searchListings, toast } from "./support/ui";

// The list view's table.
const MAIN = "main";
const rows = (page: Page) => page.getByTestId("listing-row");
const rowNames = (page: Page) => rows(page).locator("[data-opens-details]").allTextContents();
const header = (page: Page, name: string) => page.getByRole("columnheader", { name });
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

async function listingsOfThisTest(page: Page, token: string) {
  await page.goto("/");
  await searchListings(page, token);
  await card(page, `${token} Cheap`).waitFor();
}

describe("the listing table", () => {
  const suite = useSuite();

  it("sorts by a header and back, picks a column into the address, selects rows and keeps the columns in a saved view (desktop)", async () => {
    const { context, page } = await signedInPage(suite);
    const token = uniqueToken("tbl");
    await createListing(context, { listingName: `${token} Cheap`, askingPrice: 100_000, capRate: 8.25, dealStage: "Active" });
    await createListing(context, { listingName: `${token} Dear`, askingPrice: 900_000, capRate: 5.5 });
    await createListing(context, { listingName: `${token} Unpriced` });
    await listingsOfThisTest(page, token);

    await page.getByRole("button", { name: "List view" }).click();
    await page.getByRole("table", { name: "Active listings" }).waitFor();
    await eventually(() => rows(page).count()).toBe(3);
    const price = header(page, "Price");
    expect(await price.getAttribute("aria-sort")).toBe("none");
    expect(await rows(page).filter({ hasText: `${token} Cheap` }).locator("[data-column='price']").textContent()).toBe("$100,000");

    // A number column sorts largest first, then the other way; a listing without a price is last both ways.
    await price.getByRole("button").click();
    await eventually(() => rowNames(page)).toEqual([`${token} Dear`, `${token} Cheap`, `${token} Unpriced`]);
    expect(await price.getAttribute("aria-sort")).toBe("descending");
    await eventually(() => param(page, "sort")).toBe("price-desc");
    await price.getByRole("button").click();
    await eventually(() => rowNames(page)).toEqual([`${token} Cheap`, `${token} Dear`, `${token} Unpriced`]);
    expect(await price.getAttribute("aria-sort")).toBe("ascending");
    await eventually(() => param(page, "sort")).toBe("price-asc");

    // A column picked from the menu shows, sorts, and goes into the address.
    await page.getByRole("button", { name: "Columns" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Cap rate" }).click();
    await page.keyboard.press("Escape");
    await header(page, "Cap rate").waitFor();
    await eventually(() => param(page, "cols")).toBe("price,size,capRate,stage,expiration,agent");
    await header(page, "Cap rate").getByRole("button").click();
    await eventually(() => rowNames(page)).toEqual([`${token} Cheap`, `${token} Dear`, `${token} Unpriced`]);
    expect(await rows(page).first().locator("[data-column='capRate']").textContent()).toBe("8.25%");
    await screenshot(page, "listing-table-desktop");
    expect(await seriousViolations(page, MAIN)).toEqual([]);

    // From the keyboard: a header is a button.
    await page.getByTestId("sort-name").focus();
    await page.keyboard.press("Enter");
    await eventually(() => header(page, "Name").getAttribute("aria-sort")).toBe("ascending");
    await eventually(() => rowNames(page)).toEqual([`${token} Cheap`, `${token} Dear`, `${token} Unpriced`]);

    // The header row stays at the top when the table's top has scrolled out of a (short) window.
    await page.setViewportSize({ width: 1280, height: 200 });
    const table = page.getByRole("table", { name: "Active listings" });
    await table.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY + 30));
    await eventually(async () => Math.round((await table.boundingBox())!.y)).toBe(-30);
    expect(Math.round((await header(page, "Name").boundingBox())!.y)).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Rows feed the selection bar; the header's box selects every shown listing.
    await page.getByRole("checkbox", { name: `Select ${token} Dear` }).click();
    const bar = page.getByTestId("selection-bar");
    await bar.getByText("1 listing selected").waitFor();
    await page.getByRole("checkbox", { name: "Select all shown listings" }).click();
    await bar.getByText("3 listings selected").waitFor();
    await bar.getByRole("button", { name: "Clear Selection" }).click();

    // A click on a row's cell opens the listing, as a card does.
    await rows(page).filter({ hasText: `${token} Dear` }).locator("[data-column='price']").click();
    const dialog = page.getByTestId("listing-detail");
    await dialog.getByRole("heading", { name: `${token} Dear` }).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // Saved with its columns, and opened again from the grid.
    await page.getByRole("button", { name: "Views" }).click();
    await page.getByRole("menuitem", { name: "Save view…" }).click();
    const save = page.getByRole("dialog");
    await save.getByLabel("Name").fill(`${token} with cap rate`);
    await save.getByRole("button", { name: "Save view" }).click();
    await toast(page, `Saved the view "${token} with cap rate"`).waitFor();
    const saved = (await context.request.get("/api/views").then((r) => r.json())) as { name: string; query: string }[];
    const query = new URLSearchParams(saved.find((v) => v.name === `${token} with cap rate`)!.query);
    expect(query.get("cols")).toBe("price,size,capRate,stage,expiration,agent");
    expect(query.get("sort")).toBe("name-asc");
    expect(query.get("view")).toBe("list");

    await page.goto("/");
    await page.getByRole("button", { name: "Grid view" }).click();
    await page.getByRole("button", { name: "Views" }).click();
    await page.getByRole("menuitem", { name: `Open ${token} with cap rate` }).click();
    await header(page, "Cap rate").waitFor();
    expect(await header(page, "Name").getAttribute("aria-sort")).toBe("ascending");
    await eventually(() => param(page, "cols")).toBe("price,size,capRate,stage,expiration,agent");
  });

  it("keeps two-line rows without sideways scrolling at 360 px, sorted with the menu (phone)", async () => {
    const { context, page } = await signedInPage(suite, { device: "phone" });
    await page.setViewportSize({ width: 360, height: 740 });
    const token = uniqueToken("tph");
    await createListing(context, { listingName: `${token} Cheap`, askingPrice: 100_000, buildingSizeSf: 2_000, dealStage: "Active" });
    await createListing(context, { listingName: `${token} Dear with a rather long name that cannot fit a phone`, askingPrice: 900_000 });
    await listingsOfThisTest(page, token);

    await page.getByRole("button", { name: "List view" }).click();
    await eventually(() => rows(page).count()).toBe(2);
    expect(await page.getByRole("table").count()).toBe(0);
    const cheap = rows(page).filter({ hasText: `${token} Cheap` });
    // The second line as a screen reader reads it: each value after its column's name.
    expect(await cheap.locator("p").textContent()).toBe("Price $100,000 · Size 2,000 SF · Deal stage Active");
    const scroll = await page.evaluate(() => ({ width: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll.width).toBeLessThanOrEqual(scroll.client);

    await page.getByRole("button", { name: "Filters" }).click();
    await page.getByTestId("listing-sort").selectOption({ label: "Price: high to low" });
    await eventually(() => rowNames(page)).toEqual([`${token} Dear with a rather long name that cannot fit a phone`, `${token} Cheap`]);
    await page.getByRole("button", { name: /Filters/ }).click();
    await screenshot(page, "listing-table-phone");
    expect(await seriousViolations(page, MAIN)).toEqual([]);
  });
});

// The signed-in first page draws its first screenful of cards before the grid's virtualizer has
// loaded, and the virtualizer takes the rows over without moving them.
// These journeys hold that code back,
// so the person sees, scrolls and tabs through the cards before it arrives. The selection bar loads
// on its own too (when idle, or with the first selection): a selection made before it arrives stays.
// The toolbar's fact filters and sort load when idle, behind boxes of their size.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage } from "./support/accounts";
import { createListings, uniqueToken } from "./support/listings";
import { useSuite } from "./support/suite";
import { cards, eventually, gotoListings, navCount } from "./support/ui";

/** Holds back the chunk whose file name matches until the returned release is called. */
async function holdChunk(context: BrowserContext, name: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await context.route(name, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  return { release, asked: () => asked };
}

const GRID_VIRTUALIZER = /\/assets\/grid-virtualizer-[\w-]+\.js$/;
const grid = (page: Page) => page.getByTestId("listing-results");
const cardBoxes = (page: Page) => cards(page).evaluateAll((all) => all.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));

describe("the card grid before its virtualizer has loaded", () => {
  const suite = useSuite();

  it("draws the first screenful plainly, and the virtualizer takes over without moving a card", async () => {
    const { context, page } = await signedInPage(suite);
    await createListings(context, 80, (i) => ({ listingName: `${uniqueToken("grid")} ${i}` }));
    const held = await holdChunk(context, GRID_VIRTUALIZER);
    await gotoListings(page);
    await cards(page).first().waitFor();
    const total = Number((await navCount(page, "active").textContent())?.replace(/,/g, ""));
    expect(total).toBeGreaterThanOrEqual(80);
    // The list is longer than the screen, so its code is asked for once the page is idle.
    await expect.poll(held.asked).toBe(true);
    expect(await grid(page).getAttribute("data-virtualized")).toBe("false");
    const shown = await cards(page).count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(total);
    const before = await cardBoxes(page);

    held.release();
    await eventually(() => grid(page).getAttribute("data-virtualized")).toBe("true");
    const after = await cardBoxes(page);
    // The virtualizer rounds each row's height to a whole pixel: under a pixel a row, no jump.
    after.slice(0, before.length).forEach((box, i) => {
      expect([box.x, box.width, box.height]).toEqual([before[i].x, before[i].width, before[i].height]);
      expect(Math.abs(box.y - before[i].y)).toBeLessThanOrEqual(2);
    });

    // Scrolled to the very end, the last listing is there.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await eventually(() => page.locator(`[role='listitem'][aria-posinset='${total}']`).count()).toBe(1);
  });

  it("keeps the focus on a card's control while the virtualizer takes the rows over (nothing remounts)", async () => {
    const { context, page } = await signedInPage(suite);
    await createListings(context, 80, (i) => ({ listingName: `${uniqueToken("tab")} ${i}` }));
    const held = await holdChunk(context, GRID_VIRTUALIZER);
    await gotoListings(page);
    await cards(page).first().waitFor();
    const control = cards(page).nth(1).getByRole("checkbox");
    await control.focus();
    await page.evaluate(() => ((window as unknown as { focusedBefore: Element | null }).focusedBefore = document.activeElement));
    await expect.poll(held.asked).toBe(true);

    held.release();
    await eventually(() => grid(page).getAttribute("data-virtualized")).toBe("true");
    expect(await page.evaluate(() => document.activeElement === (window as unknown as { focusedBefore: Element | null }).focusedBefore)).toBe(true);
    await page.keyboard.press("Tab");
    expect(await cards(page).nth(1).evaluate((el) => el.contains(document.activeElement))).toBe(true);
  });
});

const SELECTION_BAR = /\/assets\/selection-bar-[\w-]+\.js$/;

describe("the selection bar before its code has loaded", () => {
  const suite = useSuite();

  it("keeps a selection made early and shows the bar with its actions once the code arrives", async () => {
    const { context, page } = await signedInPage(suite);
    await createListings(context, 3, (i) => ({ listingName: `${uniqueToken("pick")} ${i}` }));
    const held = await holdChunk(context, SELECTION_BAR);
    await gotoListings(page);
    await cards(page).first().waitFor();
    await cards(page).first().getByRole("checkbox").click();
    await expect.poll(held.asked).toBe(true);
    expect(await cards(page).first().getByRole("checkbox").getAttribute("aria-checked")).toBe("true");
    expect(await page.getByTestId("selection-bar").count()).toBe(0);

    held.release();
    const bar = page.getByTestId("selection-bar");
    await bar.waitFor();
    expect(await bar.getByRole("status").textContent()).toBe("1 listing selected");
    await bar.getByRole("button", { name: "Clear Selection" }).click();
    await bar.waitFor({ state: "detached" });
    expect(await cards(page).first().getByRole("checkbox").getAttribute("aria-checked")).toBe("false");
  });
});

const FACT_FILTERS = /\/assets\/listing-fact-filters-[\w-]+\.js$/;
const toolbar = (page: Page) => page.getByRole("region", { name: "Search and filters" });
const boxOf = (page: Page) => toolbar(page).evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);

describe("the toolbar's fact filters before their code has loaded", () => {
  const suite = useSuite();

  it("hold their places, so neither the toolbar nor the cards move when they come, and read the address's filter", async () => {
    const { context, page } = await signedInPage(suite);
    const token = uniqueToken("facts");
    await createListings(context, 2, (i) => ({ listingName: `${token} ${i}`, askingPrice: 400_000 + i * 200_000 }));
    const held = await holdChunk(context, FACT_FILTERS);
    await page.goto(`/?minPrice=500000&q=${token}`);
    await cards(page).first().waitFor();
    await expect.poll(held.asked).toBe(true);
    expect(await page.getByTestId("filter-price-min").count()).toBe(0);
    // The address's price filter applies before its input is there.
    expect(await cards(page).count()).toBe(1);
    const before = { toolbar: await boxOf(page), card: (await cardBoxes(page))[0] };

    held.release();
    const priceMin = page.getByTestId("filter-price-min");
    await priceMin.waitFor();
    expect(await priceMin.inputValue()).toBe("$500,000");
    expect(await boxOf(page)).toEqual(before.toolbar);
    expect((await cardBoxes(page))[0]).toEqual(before.card);
    await priceMin.fill("");
    await eventually(() => cards(page).count()).toBe(2);
  });

  it("on a phone, hold their places in the filter panel opened before they came", async () => {
    const { context, page } = await signedInPage(suite, { device: "phone" });
    const token = uniqueToken("phone-facts");
    await createListings(context, 1, () => ({ listingName: token, askingPrice: 600_000 }));
    const held = await holdChunk(context, FACT_FILTERS);
    await page.goto(`/?minPrice=500000&q=${token}`);
    await cards(page).first().waitFor();
    await page.getByRole("button", { name: /^Filters/ }).click();
    await expect.poll(held.asked).toBe(true);
    expect(await page.getByTestId("filter-price-min").count()).toBe(0);
    const before = await boxOf(page);

    held.release();
    const priceMin = page.getByTestId("filter-price-min");
    await priceMin.waitFor();
    expect(await priceMin.inputValue()).toBe("$500,000");
    expect(await boxOf(page)).toEqual(before);
  });
});

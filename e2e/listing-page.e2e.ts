// A listing's own address, /listings/:id (docs/guides/listings-and-facts.md): opened from the
// quick view's "Open as page" and the audit log, kept by a reload, left by Back for the list as it was (its search
// and scroll); unknown ids get the not-found state, and a signed-out visitor comes back to it after
// signing in. With the deal board's long names and the selection bar's "Set deal stage"
// (docs/guides/pipelines-and-views.md), on a desktop and a 390 px phone.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADMIN, signedInContext } from "./support/accounts";
import { createListing, createListings, getListing, uniqueToken } from "./support/listings";
import { expectPath, screenshot, useSuite } from "./support/suite";
import { TIMEOUT } from "../testing/timeouts.ts";
import { card, cards, eventually, toast } from "./support/ui";

const pageHeading = (page: Page, name: string) => page.getByTestId("listing-page").getByRole("heading", { name, exact: true, level: 1 });

describe("a listing's page", () => {
  const suite = useSuite();

  for (const device of ["desktop", "phone"] as const) {
  it(`on a ${device}: opens from the quick view, survives a reload, and Back returns to the list where it was`, async () => {
    const admin = await signedInContext(suite, { device });
    const token = uniqueToken("lp");
    // Newest first: the first made is the last card, far down the page.
    await createListings(admin, 24, (i) => ({ listingName: `${token} Shop ${String(i).padStart(2, "0")}` }));
    const page = await admin.newPage();
    await page.goto(`/?q=${token}`);
    await eventually(() => cards(page).count()).toBeGreaterThan(3);

    // Down the list (its cards are virtual: only those near the screen are in the page), a card in view.
    await page.evaluate(() => window.scrollTo(0, 700));
    await eventually(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const name = await page.evaluate(() => {
      const inView = [...document.querySelectorAll("[data-testid='listing-card']")].find((el) => el.getBoundingClientRect().top > 80);
      return inView!.querySelector("h3, [role='heading'], h2")!.textContent!;
    });
    await card(page, name).getByTestId("listing-description").click();
    const dialog = page.getByTestId("listing-detail");
    await dialog.getByRole("heading", { name, exact: true }).waitFor();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(300);
    await dialog.getByRole("link", { name: "Open as page" }).click();

    const id = new URL(page.url()).pathname.split("/").pop()!;
    await expectPath(page, `/listings/${id}`);
    await pageHeading(page, name).waitFor({ timeout: TIMEOUT.pageCode });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.title()).toBe(`${name} · Listing Desk`);
    // Every action of the quick view is on the page.
    for (const action of ["Edit Listing", "Regenerate Posts", "Delete Listing"]) await page.getByRole("button", { name: action }).waitFor();
    await page.getByRole("link", { name: "Flyer" }).waitFor();

    await page.reload();
    await pageHeading(page, name).waitFor({ timeout: TIMEOUT.pageCode });
    // The page fits its screen: nothing wider than the window, nothing cut at its right edge.
    await page.getByText("Quick Actions").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    const article = await page.getByTestId("listing-page").locator("article").evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(article).toBe(0);
    await screenshot(page, `listing-page-${device}`);

    // The page's Back is the browser's: the list with its search, scrolled where it was.
    await page.getByRole("button", { name: "Back", exact: true }).click();
    await expectPath(page, "/", `?q=${token}`);
    await card(page, name).waitFor();
    // Within a few pixels: closing the quick view may nudge the list as focus returns to its card.
    await eventually(async () => Math.abs((await page.evaluate(() => window.scrollY)) - scrolled) <= 10).toBe(true);

    // The edit form opens from the page.
    await page.goto(`/listings/${id}`);
    await page.getByRole("button", { name: "Edit Listing" }).click();
    await page.getByRole("dialog").getByLabel("Listing Name").waitFor();
  });
  }

  it("answers an unknown id with the not-found state, and brings a signed-out visitor back after signing in", async () => {
    const admin = await signedInContext(suite);
    const listing = await createListing(admin, { listingName: `${uniqueToken("lp")} Signed Out Depot` });
    const page = await admin.newPage();
    await page.goto("/listings/no-such-listing");
    await page.getByText("Listing not found").waitFor({ timeout: TIMEOUT.pageCode });
    expect(await page.title()).toBe("Listing not found · Listing Desk");
    await page.getByRole("link", { name: "Back to Active Listings" }).waitFor();

    // The audit log's newest entry, the listing's creation, opens its page.
    await page.goto("/audit");
    await page.getByTestId("audit-listing-link").first().click();
    await expectPath(page, `/listings/${listing.id}`);
    await pageHeading(page, listing.listingName).waitFor({ timeout: TIMEOUT.pageCode });

    const visitor = await (await suite.context()).newPage();
    await visitor.goto(`/listings/${listing.id}`);
    await expectPath(visitor, "/auth");
    await visitor.getByLabel("Username").fill(ADMIN.username);
    await visitor.getByLabel("Password").fill(ADMIN.password);
    await visitor.getByRole("button", { name: "Sign in" }).click();
    await expectPath(visitor, `/listings/${listing.id}`);
    await pageHeading(visitor, listing.listingName).waitFor({ timeout: TIMEOUT.pageCode });
  });

  for (const device of ["desktop", "phone"] as const) {
    it(`on a ${device}: a long name wraps inside its deal board card, and the selection bar sets a deal stage`, async () => {
      const admin = await signedInContext(suite, { device });
      const token = uniqueToken("wr");
      const longName = `${token} Riverside Commerce Center Phase Two Outparcel Redevelopment ${"Northeast".repeat(4)} Building`;
      const long = await createListing(admin, { listingName: longName, dealStage: "Proposal" });
      const page = await admin.newPage();
      await page.goto(`/pipeline?q=${token}`);
      const boardCard = page.locator(`[data-testid='board-card'][data-listing-id='${long.id}']`);
      await boardCard.waitFor({ timeout: TIMEOUT.pageCode });
      const boxes = await boardCard.evaluate((el) => {
        const box = (e: Element) => e.getBoundingClientRect();
        const name = el.querySelector("[data-testid='board-card-name']")!;
        const column = el.closest("[data-testid='board-column']")!;
        return { card: box(el).toJSON(), name: box(name).toJSON(), column: box(column).toJSON(), nameOverflows: name.scrollWidth > name.clientWidth };
      });
      expect(boxes.nameOverflows).toBe(false);
      expect(boxes.name.right).toBeLessThanOrEqual(boxes.card.right);
      expect(boxes.card.right).toBeLessThanOrEqual(boxes.column.right);
      // Wrapped, not cut: the name takes more than one line.
      expect(boxes.name.height).toBeGreaterThan(30);
      await screenshot(page, `deal-board-long-name-${device}`);

      // Two listings without a stage get one from the selection bar.
      const a = await createListing(admin, { listingName: `${token} Stage A` });
      const b = await createListing(admin, { listingName: `${token} Stage B` });
      await page.goto(`/?q=${token}%20Stage`);
      await eventually(() => cards(page).count()).toBe(2);
      for (const name of [a.listingName, b.listingName]) await card(page, name).getByRole("checkbox", { name: `Select ${name}` }).click();
      const bar = page.getByTestId("selection-bar");
      await bar.getByText("2 listings selected").waitFor();
      await screenshot(page, `selection-bar-stage-${device}`);
      await bar.getByRole("button", { name: "Set deal stage" }).click();
      await page.getByRole("menuitem", { name: "Under Contract" }).click();
      await toast(page, "Updated 2 listings").waitFor();
      for (const id of [a.id, b.id]) await eventually(async () => (await getListing(admin, id)).dealStage).toBe("Under Contract");
    });
  }
});

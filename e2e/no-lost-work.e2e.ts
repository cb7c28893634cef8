// Never lose work: closing a changed listing form, note draft, bulk edit, agent form or
// settings asks "Discard changes?" first, whether by Escape, a click outside, the close button, an
// in-app link or a reload; an untouched form closes at once. Deactivating and bulk-editing can be
// undone from their toasts.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage } from "./support/accounts";
import { openAddDialog } from "./support/listing-form";
import { createListing, getListing, uniqueToken } from "./support/listings";
import { expectPath, useSuite } from "./support/suite";
import { card, eventually, gotoListings, nextPaint, pressBrowserBack, searchListings, toast } from "./support/ui";
import { TIMEOUT } from "../testing/timeouts.ts";

const question = (page: Page) => page.getByRole("alertdialog", { name: "Discard changes?" });

/** The question shows; the answer either keeps the form open or closes it. */
async function answer(page: Page, form: Locator, choice: "Keep editing" | "Discard") {
  const asked = question(page);
  await asked.waitFor();
  await asked.getByRole("button", { name: choice }).click();
  await asked.waitFor({ state: "detached" });
  if (choice === "Discard") await form.waitFor({ state: "detached" });
  else expect(await form.isVisible()).toBe(true);
}

/** A click on the dimmed page beside a dialog (desktop). */
const clickOutside = (page: Page) => page.mouse.click(6, 400);

async function closesAtOnce(page: Page, form: Locator, close: () => Promise<void>) {
  await close();
  await form.waitFor({ state: "detached" });
  await nextPaint(page);
  expect(await question(page).count()).toBe(0);
}

async function listingOnScreen(page: Page, context: import("playwright-core").BrowserContext, overrides: Parameters<typeof createListing>[1] = {}) {
  const token = uniqueToken("keep");
  const listing = await createListing(context, { listingName: `${token} Plaza`, ...overrides });
  await gotoListings(page);
  await searchListings(page, token);
  await card(page, listing.listingName).waitFor();
  return listing;
}

describe("never lose work", () => {
  const suite = useSuite();

  it("Add New Listing: untouched closes at once; changed asks on Escape and outside click", async () => {
    const { page } = await signedInPage(suite);
    let form = await openAddDialog(page);
    await closesAtOnce(page, form, () => page.keyboard.press("Escape"));

    await page.getByRole("button", { name: "Add New Listing" }).first().click();
    form = page.getByRole("dialog", { name: "Add New Listing" });
    await form.getByLabel("Listing Name").fill("Half-typed Plaza");
    await page.keyboard.press("Escape");
    await answer(page, form, "Keep editing");
    expect(await form.getByLabel("Listing Name").inputValue()).toBe("Half-typed Plaza");
    await clickOutside(page);
    await answer(page, form, "Keep editing");
    await form.getByRole("button", { name: "Cancel" }).click();
    await answer(page, form, "Discard");

    // Discarded means gone: the next opening starts blank.
    await page.getByRole("button", { name: "Add New Listing" }).first().click();
    expect(await page.getByRole("dialog", { name: "Add New Listing" }).getByLabel("Listing Name").inputValue()).toBe("");
  });

  it("Edit Listing: untouched closes at once; a changed field asks on the close button", async () => {
    const { context, page } = await signedInPage(suite);
    const listing = await listingOnScreen(page, context);
    const openEdit = async () => {
      await card(page, listing.listingName).getByRole("button", { name: "View Details" }).click();
      await page.getByRole("button", { name: "Edit Listing" }).click();
      const form = page.getByRole("dialog", { name: "Edit Listing" });
      await form.getByLabel("Listing Name").waitFor();
      return form;
    };
    let form = await openEdit();
    await closesAtOnce(page, form, () => page.keyboard.press("Escape"));

    form = page.getByRole("dialog", { name: "Edit Listing" });
    await page.getByRole("button", { name: "Edit Listing" }).click();
    await form.getByLabel("City").fill("Wheeling");
    await form.getByRole("button", { name: "Close" }).click();
    await answer(page, form, "Discard");
    expect((await getListing(context, listing.id)).city).toBe(listing.city);
  });

  it("a note draft asks on the close button, Escape and its Cancel", async () => {
    const { context, page } = await signedInPage(suite);
    const listing = await listingOnScreen(page, context);
    await card(page, listing.listingName).getByRole("button", { name: "Add Note" }).click();
    const notes = page.getByTestId("notes-dialog");
    const draft = notes.getByLabel("New note");
    await draft.fill("Owner wants an offer by Friday");
    await notes.getByRole("button", { name: "Close" }).click();
    await answer(page, notes, "Keep editing");
    expect(await draft.inputValue()).toBe("Owner wants an offer by Friday");
    await notes.getByTestId("note-form").getByRole("button", { name: "Cancel" }).click();
    await answer(page, notes, "Keep editing");
    await page.keyboard.press("Escape");
    await answer(page, notes, "Discard");
  });

  it("Bulk Edit asks on Escape, and its Undo puts back each listing's own values", async () => {
    const { context, page } = await signedInPage(suite);
    const token = uniqueToken("bulk");
    const a = await createListing(context, { listingName: `${token} A`, notes: "Roof redone 2019", marketingCategory: "Single" });
    const b = await createListing(context, { listingName: `${token} B`, notes: null, marketingCategory: "Triple" });
    await gotoListings(page);
    await searchListings(page, token);
    for (const l of [a, b]) await card(page, l.listingName).getByRole("checkbox", { name: `Select ${l.listingName}` }).click();
    const bar = page.getByTestId("selection-bar");
    await bar.getByText("2 listings selected").waitFor();

    await bar.getByRole("button", { name: "Bulk Edit" }).click();
    let edit = page.getByTestId("bulk-edit-dialog");
    await edit.getByLabel("Notes (internal)").fill("Price reduced");
    await page.keyboard.press("Escape");
    await answer(page, edit, "Discard");
    expect((await getListing(context, a.id)).notes).toBe("Roof redone 2019");

    await bar.getByRole("button", { name: "Bulk Edit" }).click();
    edit = page.getByTestId("bulk-edit-dialog");
    await edit.getByLabel("Notes (internal)").fill("Price reduced");
    await edit.getByTestId("bulk-marketingCategory").click();
    await page.getByRole("option", { name: /^Homerun/ }).click();
    await edit.getByRole("button", { name: "Update 2 Listings" }).click();
    const done = toast(page, "Updated 2 listings");
    await done.waitFor();
    await eventually(async () => (await getListing(context, b.id)).marketingCategory).toBe("Homerun");

    await done.getByRole("button", { name: "Undo" }).click();
    await toast(page, "Bulk edit undone: 2 listings restored").waitFor();
    const [x, y] = await Promise.all([getListing(context, a.id), getListing(context, b.id)]);
    expect([x.notes, x.marketingCategory]).toEqual(["Roof redone 2019", "Single"]);
    expect([y.notes, y.marketingCategory]).toEqual([null, "Triple"]);
    await eventually(() => card(page, b.listingName).getByTestId("category-badge").textContent()).toContain("Triple");
  });

  it("the agent form asks on a click outside and on Cancel", async () => {
    const { page } = await signedInPage(suite);
    await page.goto("/agents");
    await page.getByRole("heading", { name: "Agents", level: 1 }).waitFor({ timeout: TIMEOUT.pageCode });
    await page.getByRole("button", { name: "Add Agent" }).first().click();
    const form = page.getByTestId("agent-form-dialog");
    await closesAtOnce(page, form, () => clickOutside(page));

    await page.getByRole("button", { name: "Add Agent" }).first().click();
    await form.getByLabel("Name").fill("Dana Broker");
    await clickOutside(page);
    await answer(page, form, "Keep editing");
    await form.getByRole("button", { name: "Cancel" }).click();
    await answer(page, form, "Discard");
  });

  it("settings ask before an in-app link leaves them, and the browser asks before a reload", async () => {
    const { page } = await signedInPage(suite);
    await page.goto("/settings");
    const single = page.getByLabel("Single colour", { exact: true });
    await single.waitFor({ timeout: TIMEOUT.pageCode });
    await single.fill("#123456");

    const toAgents = page.getByTestId("desktop-sidebar").getByRole("link", { name: /Agents/ });
    await toAgents.click();
    const asked = question(page);
    await asked.waitFor();
    await asked.getByRole("button", { name: "Keep editing" }).click();
    await expectPath(page, "/settings");
    expect(await single.inputValue()).toBe("#123456");

    // Reload: the browser's own question; staying keeps the typed colour.
    const beforeUnload = page.waitForEvent("dialog");
    const reloading = page.reload().catch(() => undefined);
    const dialog = await beforeUnload;
    expect(dialog.type()).toBe("beforeunload");
    await dialog.dismiss();
    await reloading;
    expect(await single.inputValue()).toBe("#123456");

    await toAgents.click();
    await asked.getByRole("button", { name: "Discard" }).click();
    await expectPath(page, "/agents");
  });

  it("the browser's Back button asks before it leaves changed settings", async () => {
    const { page } = await signedInPage(suite);
    await page.goto("/");
    await page.getByTestId("desktop-sidebar").getByRole("link", { name: /Settings/ }).click();
    await expectPath(page, "/settings");
    const single = page.getByLabel("Single colour", { exact: true });
    await single.waitFor({ timeout: TIMEOUT.pageCode });
    await single.fill("#654321");

    // The browser's own Back: the page holds it and asks.
    await pressBrowserBack(page);
    const asked = question(page);
    await asked.waitFor();
    await expectPath(page, "/settings");
    await asked.getByRole("button", { name: "Keep editing" }).click();
    expect(await single.inputValue()).toBe("#654321");

    await single.click();
    await pressBrowserBack(page);
    await asked.getByRole("button", { name: "Discard" }).click();
    await expectPath(page, "/");
  });

  it("on a phone, the full-screen listing form asks when its close button is tapped", async () => {
    const { page } = await signedInPage(suite, { device: "phone" });
    const form = await openAddDialog(page);
    await form.getByLabel("Listing Name").fill("Typed on site");
    await form.getByRole("button", { name: "Close" }).tap();
    const asked = question(page);
    await asked.waitFor();
    for (const name of ["Keep editing", "Discard"]) {
      const box = await asked.getByRole("button", { name }).boundingBox();
      expect(box!.height, name).toBeGreaterThanOrEqual(44);
    }
    await asked.getByRole("button", { name: "Keep editing" }).tap();
    expect(await form.getByLabel("Listing Name").inputValue()).toBe("Typed on site");
    await form.getByRole("button", { name: "Close" }).tap();
    await asked.getByRole("button", { name: "Discard" }).tap();
    await form.waitFor({ state: "detached" });
  });

  it("Undo on both deactivation toasts brings the listing back to Active", async () => {
    const { context, page } = await signedInPage(suite);
    const listing = await listingOnScreen(page, context);

    // The card's switch: "{name} moved to Not In Use".
    await card(page, listing.listingName).getByRole("switch", { name: `Active: ${listing.listingName}` }).click();
    const moved = toast(page, `${listing.listingName} moved to Not In Use`);
    await moved.waitFor();
    await eventually(async () => (await getListing(context, listing.id)).isActive).toBe(false);
    await moved.getByRole("button", { name: "Undo" }).click();
    await toast(page, `${listing.listingName} moved to Active`).waitFor();
    expect((await getListing(context, listing.id)).isActive).toBe(true);
    await card(page, listing.listingName).waitFor();

    // The detail dialog's switch: "Listing deactivated and moved to Not In Use folder".
    await card(page, listing.listingName).getByRole("button", { name: "View Details" }).click();
    await page.getByRole("switch", { name: "Listing active" }).click();
    const folder = toast(page, "Listing deactivated and moved to Not In Use folder");
    await folder.waitFor();
    // Over the open dialog, which hides the rest of the page from assistive tech: found by its test id.
    await folder.getByTestId("toast-action").click();
    expect(await page.getByRole("dialog").filter({ hasText: listing.listingName }).count()).toBe(1);
    await toast(page, "Listing activated and moved to Active folder").waitFor();
    expect((await getListing(context, listing.id)).isActive).toBe(true);
  });
});

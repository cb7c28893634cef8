import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { nextTask, pauseClock } from "./support/clock";
import { createAgent, createListing, getListing, uniqueToken } from "./support/listings";
import { choose, fillRequired, openAddDialog, type RequiredFields } from "./support/listing-form";
import { screenshot, settledBox, useSuite } from "./support/suite";
import { card, toast } from "./support/ui";

const RIVERSIDE: RequiredFields = {
  address: "42 Water Street",
  city: "Wheeling",
  state: "WV (West Virginia)",
  offeringType: "Sell/Lease",
  category: /Grand Slam/,
  description: "A riverside restaurant with a full kitchen, a patio and forty seats.",
};

/** The message shown under a field, found the way a screen reader finds it (aria-describedby). */
async function fieldError(field: Locator): Promise<string | null> {
  const describedBy = await field.getAttribute("aria-describedby");
  if (!describedBy) return null;
  return field.page().evaluate(
    (ids) => ids.split(" ").map((id) => document.getElementById(id)?.textContent ?? "").join(" "),
    describedBy,
  );
}

/** POSTS_READY_DELAY_MS in client/src/features/listings/api/create-listing.ts (spec §9). */
const POSTS_READY_DELAY_MS = 2_000;

describe("listing form dialog", () => {
  const suite = useSuite();

  it("validates, creates a listing, announces its posts and shows it on Active Listings", async () => {
    const { context, page } = await signedInPage(suite);
    await page.clock.install();
    const agent = await createAgent(context, `Jordan ${uniqueToken("a")}`);
    const name = `${uniqueToken("form")} Riverside Diner`;
    const dialog = await openAddDialog(page);

    for (const section of ["Basic Information", "Property Details", "Marketing Resources", "Main Image", "Media Links"]) {
      await dialog.getByRole("region", { name: section }).waitFor();
    }
    expect(await dialog.getByRole("region", { name: "Status" }).count()).toBe(0);
    expect(await dialog.getByLabel("Marketing Flyer Link").getAttribute("type")).toBe("url");

    // Submitting empty: every required field says so under itself, and focus goes to the first.
    await dialog.getByRole("button", { name: "Create Listing" }).click();
    const required: [string, string][] = [
      ["Listing Name", "Listing Name is required"],
      ["Address", "Address is required"],
      ["City", "City is required"],
      ["State", "State is required"],
      ["Offering Type", "Offering Type is required"],
      ["Marketing Category", "Marketing Category is required"],
      ["Property Description", "Property Description is required"],
    ];
    for (const [label, message] of required) {
      const field = dialog.getByRole(["State", "Offering Type", "Marketing Category"].includes(label) ? "combobox" : "textbox", { name: label });
      await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
      expect(await fieldError(field)).toBe(message);
    }
    expect(await dialog.getByLabel("Listing Name").evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(dialog.page(), "listing-form-required-desktop");

    await fillRequired(page, dialog, name, RIVERSIDE);
    await choose(page, dialog, "Assigned Agent", agent.name);
    await dialog.getByLabel("Notes (internal)").fill("Owner prefers calls after 5pm.");
    await dialog.getByLabel("Marketing Flyer Link").fill("not a link");
    await dialog.getByRole("button", { name: "Create Listing" }).click();
    const flyer = dialog.getByLabel("Marketing Flyer Link");
    await expect.poll(() => fieldError(flyer)).toBe("Marketing Flyer Link must be a web address starting with http:// or https://");
    expect(await flyer.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await dialog.getByLabel("Listing Name").getAttribute("aria-invalid")).toBeNull();

    await flyer.fill("https://example.com/flyer.pdf");
    await dialog.getByLabel("Google Drive Link").fill("https://drive.google.com/drive/folders/abc");
    await screenshot(page, "listing-form-filled-desktop");
    // The clock stands still from the click: the second toast follows two seconds of the page's
    // time later, not a moment sooner.
    await pauseClock(page);
    await dialog.getByRole("button", { name: "Create Listing" }).click();

    const created = toast(page, "Listing created successfully");
    await created.waitFor();
    expect(await created.textContent()).toContain("Success!");
    const postsReady = toast(page, "Posts are ready, written by the built-in writer. View them in the listing details.");
    await page.clock.runFor(POSTS_READY_DELAY_MS - 1);
    await nextTask(page);
    expect(await postsReady.count()).toBe(0);
    await page.clock.runFor(1);
    await page.clock.resume();
    await postsReady.waitFor();
    await dialog.waitFor({ state: "detached" });
    await card(page, name).waitFor();

    const res = await context.request.get("/api/listings/active");
    const saved = ((await res.json()) as { listingName: string; id: string }[]).find((l) => l.listingName === name);
    expect(saved).toBeTruthy();
    const listing = await getListing(context, saved!.id);
    expect(listing).toMatchObject({
      address: "42 Water Street",
      city: "Wheeling",
      state: "WV",
      offeringType: "Sell/Lease",
      marketingCategory: "Grand Slam",
      agentId: agent.id,
      notes: "Owner prefers calls after 5pm.",
      marketingFlyerLink: "https://example.com/flyer.pdf",
      looplinkLink: null,
      imageUrl: null,
      isActive: true,
    });
    expect(listing.aiGeneratedPosts).toHaveLength(10);

    // The form starts blank again.
    const again = await openAddDialog(page);
    expect(await again.getByLabel("Listing Name").inputValue()).toBe("");
  });

  it("shows the server's field errors under the fields", async () => {
    const { context, page } = await signedInPage(suite);
    const agent = await createAgent(context, `Gone ${uniqueToken("a")}`);
    const dialog = await openAddDialog(page);
    await fillRequired(page, dialog, `${uniqueToken("srv")} Orphan`, RIVERSIDE);
    await choose(page, dialog, "Assigned Agent", agent.name);
    // Someone deletes the agent while this form is open.
    expect((await context.request.delete(`/api/agents/${agent.id}`)).status()).toBe(204);
    await dialog.getByRole("button", { name: "Create Listing" }).click();

    await toast(page, "Failed to create listing. Please try again.").waitFor();
    const agentField = dialog.getByRole("combobox", { name: "Assigned Agent" });
    await expect.poll(() => fieldError(agentField)).toMatch(/agent/i);
    expect(await agentField.evaluate((el) => el === document.activeElement)).toBe(true);
    // Nothing typed is lost.
    expect(await dialog.getByLabel("Address").inputValue()).toBe("42 Water Street");
  });

  it("edits a listing: resets on every opening, updates, and moves it with the Status switch", async () => {
    const { context, page } = await signedInPage(suite);
    const name = `${uniqueToken("edit")} Corner Office`;
    const listing = await createListing(context, {
      listingName: name,
      marketingCategory: "Triple",
      looplinkLink: "https://www.loopnet.com/listing/1",
      imageUrl: "/favicon.svg",
    });
    await page.goto("/");
    await card(page, name).getByTestId("listing-description").click();
    const detail = page.getByTestId("listing-detail");
    await detail.getByRole("button", { name: "Edit Listing" }).click();
    let dialog = page.getByRole("dialog", { name: "Edit Listing" });
    await dialog.waitFor();

    expect(await dialog.getByLabel("Listing Name").inputValue()).toBe(name);
    expect(await dialog.getByLabel("Looplink Link").inputValue()).toBe("https://www.loopnet.com/listing/1");
    expect(await dialog.getByRole("combobox", { name: "Marketing Category" }).textContent()).toContain("Triple");
    expect(await dialog.getByRole("combobox", { name: "State" }).textContent()).toContain("WV (West Virginia)");
    await dialog.getByRole("region", { name: "Status" }).waitFor();
    const status = dialog.getByRole("switch", { name: "Active" });
    expect(await status.getAttribute("aria-checked")).toBe("true");
    await dialog.getByTestId("listing-image-preview").waitFor();
    await screenshot(page, "listing-form-edit-desktop");

    // Typed but cancelled: the next opening shows the listing as it is.
    await dialog.getByLabel("Listing Name").fill("Something else");
    await dialog.getByRole("button", { name: "Remove" }).click();
    expect(await dialog.getByTestId("listing-image-preview").count()).toBe(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    // Changed, so the form asks first.
    await page.getByRole("alertdialog", { name: "Discard changes?" }).getByRole("button", { name: "Discard" }).click();
    await dialog.waitFor({ state: "detached" });
    await detail.getByRole("button", { name: "Edit Listing" }).click();
    dialog = page.getByRole("dialog", { name: "Edit Listing" });
    expect(await dialog.getByLabel("Listing Name").inputValue()).toBe(name);
    await dialog.getByTestId("listing-image-preview").waitFor();

    // A plain update.
    await dialog.getByLabel("City").fill("Fairmont");
    await dialog.getByRole("button", { name: "Update Listing" }).click();
    const updated = toast(page, "Listing updated successfully");
    await updated.waitFor();
    expect(await updated.textContent()).toContain("Success!");
    await dialog.waitFor({ state: "detached" });
    expect((await getListing(context, listing.id)).city).toBe("Fairmont");

    // The Status switch moves it to Not In Use, and the toast says so.
    await detail.getByRole("button", { name: "Edit Listing" }).click();
    dialog = page.getByRole("dialog", { name: "Edit Listing" });
    expect(await dialog.getByLabel("City").inputValue()).toBe("Fairmont");
    await dialog.getByRole("switch", { name: "Active" }).click();
    await dialog.getByRole("button", { name: "Update Listing" }).click();
    await toast(page, "Listing deactivated and moved to Not In Use folder").waitFor();
    const after = await getListing(context, listing.id);
    expect(after.isActive).toBe(false);
    expect(after.looplinkLink).toBe("https://www.loopnet.com/listing/1");
    expect(after.isStarred).toBe(false);

    await page.goto("/not-in-use");
    await card(page, name).waitFor();
  });

  it("reactivates from the edit form with the long toast", async () => {
    const { context, page } = await signedInPage(suite);
    const name = `${uniqueToken("react")} Warehouse`;
    const listing = await createListing(context, { listingName: name, isActive: false });
    await page.goto("/not-in-use");
    await card(page, name).getByTestId("listing-description").click();
    await page.getByTestId("listing-detail").getByRole("button", { name: "Edit Listing" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Listing" });
    const status = dialog.getByRole("switch", { name: "Active" });
    expect(await status.getAttribute("aria-checked")).toBe("false");
    await status.click();
    await dialog.getByRole("button", { name: "Update Listing" }).click();
    await toast(page, "Listing activated and moved to Active folder").waitFor();
    expect((await getListing(context, listing.id)).isActive).toBe(true);
  });

  it("fills a phone screen with a scrolling body and the buttons always in reach", async () => {
    const { context, page } = await signedInPage(suite, { device: "phone" });
    const dialog = await openAddDialog(page);
    const box = await settledBox(dialog);
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    const submit = dialog.getByRole("button", { name: "Create Listing" });
    const inView = async (locator: Locator) => {
      const b = await locator.boundingBox();
      return b !== null && b.y >= 0 && b.y + b.height <= 844;
    };
    expect(await inView(submit)).toBe(true);
    await screenshot(page, "listing-form-phone");

    // The body scrolls; the footer stays.
    const body = dialog.getByTestId("listing-form-body");
    expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await dialog.getByLabel("Dropbox Link").scrollIntoViewIfNeeded();
    expect(await inView(submit)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const name = `${uniqueToken("phone")} Pocket Shop`;
    await fillRequired(page, dialog, name, RIVERSIDE);
    await submit.click();
    await toast(page, "Listing created successfully").waitFor();
    await dialog.waitFor({ state: "detached" });
    const res = await context.request.get("/api/listings/active");
    expect(((await res.json()) as { listingName: string }[]).some((l) => l.listingName === name)).toBe(true);
  });

  it("has no serious accessibility problems in the open dialog", async () => {
    const { page } = await signedInPage(suite);
    const dialog = await openAddDialog(page);
    expect(await seriousViolations(page, "[data-testid='listing-form-dialog']")).toEqual([]);
    await dialog.getByRole("button", { name: "Create Listing" }).click();
    await dialog.getByText("Listing Name is required").waitFor();
    expect(await seriousViolations(page, "[data-testid='listing-form-dialog']")).toEqual([]);
  });
});

// A listing's prospect board: on a desktop, "Add prospect",
// a drag with the mouse, a move from the keyboard, and the offer to set the listing's deal stage
// when a prospect goes under contract; a card's menu: a move with a note (on the timeline) and
// removal after a confirmation, a teammate's removal meanwhile answered with its message; on a
// phone, the stage picker and the same menu by touch. Axe finds nothing serious.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInContext, signedInPage } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { createListing, getListing, uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { smallTapTargets } from "./support/tap-targets";
import { card, eventually, searchListings, toast } from "./support/ui";

const column = (page: Page, stage: string) => page.locator(`[data-testid='prospect-column'][data-stage='${stage}']`);
const prospectCard = (page: Page, name: string) => page.getByTestId("prospect-card").filter({ hasText: name });
const stageOfCard = (page: Page, name: string) =>
  prospectCard(page, name).evaluate((el) => el.closest("[data-testid='prospect-column']")?.getAttribute("data-stage") ?? null);
const savedStage = async (context: BrowserContext, listingId: string, name: string) => {
  const res = await context.request.get(`/api/listings/${listingId}/prospects`);
  return ((await res.json()) as { name: string; stage: string }[]).find((p) => p.name === name)?.stage;
};

async function addProspect(context: BrowserContext, listingId: string, name: string) {
  const res = await context.request.post(`/api/listings/${listingId}/prospects`, { data: { name, email: `${uniqueToken("p")}@example.com` } });
  expect(res.status(), await res.text()).toBe(201);
}
const leadIdOf = async (context: BrowserContext, listingId: string, name: string) =>
  ((await (await context.request.get(`/api/listings/${listingId}/prospects`)).json()) as { name: string; leadId: number }[]).find((p) => p.name === name)!.leadId;

const savedNames = async (context: BrowserContext, listingId: string) =>
  ((await (await context.request.get(`/api/listings/${listingId}/prospects`)).json()) as { name: string }[]).map((p) => p.name);

async function openCardMenuItem(page: Page, name: string, item: string) {
  await page.getByRole("button", { name: `More actions: ${name}` }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

/** From the focused menu button: open the menu, go to "Remove from pipeline…" by typing its first letter, choose it. */
async function removeFromKeyboard(page: Page) {
  await page.keyboard.press("Enter");
  await page.getByRole("menuitem", { name: "Remove from pipeline…" }).waitFor();
  await page.keyboard.press("r");
  await eventually(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Remove from pipeline…");
  await page.keyboard.press("Enter");
}

async function openDetail(page: Page, name: string) {
  await page.goto("/");
  await searchListings(page, name);
  await card(page, name).getByRole("button", { name: "View Details" }).click();
  const detail = page.getByRole("dialog", { name });
  await detail.getByTestId("prospect-board").waitFor();
  return detail;
}

describe("the prospect pipeline", () => {
  const suite = useSuite();

  it("adds a prospect and drags it with the mouse (desktop)", async () => {
    const { context, page } = await signedInPage(suite);
    const name = `${uniqueToken("pp")} Riverside Depot`;
    const listing = await createListing(context, { listingName: name, dealStage: "Active" });
    const detail = await openDetail(page, name);

    await detail.getByRole("button", { name: "Add prospect" }).click();
    const form = detail.getByTestId("add-prospect-form");
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByLabel("Name").fill("Dana Tenant");
    await form.getByRole("button", { name: "Add prospect" }).click();
    await form.getByText("Please enter a valid email address").waitFor();
    await form.getByLabel("Email").fill(`${uniqueToken("dana")}@example.com`);
    await form.getByLabel("Company").fill("Tenant Co");
    await form.getByRole("button", { name: "Add prospect" }).click();
    await form.waitFor({ state: "detached" });
    await eventually(() => stageOfCard(page, "Dana Tenant")).toBe("inquired");
    expect(await column(page, "inquired").getByTestId("prospect-count").textContent()).toBe("1");
    expect(await seriousViolations(page, "[role='dialog']")).toEqual([]);

    // The mouse drags the card to Contacted.
    await prospectCard(page, "Dana Tenant").scrollIntoViewIfNeeded();
    const from = (await prospectCard(page, "Dana Tenant").boundingBox())!;
    const to = (await column(page, "contacted").boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height - 8);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height - 8, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 10 });
    await page.mouse.up();
    await eventually(() => stageOfCard(page, "Dana Tenant")).toBe("contacted");
    await eventually(() => savedStage(context, listing.id, "Dana Tenant")).toBe("contacted");
    expect(await column(page, "contacted").getByTestId("prospect-count").textContent()).toBe("1");
    expect(await column(page, "inquired").getByTestId("prospect-count").textContent()).toBe("0");
  });

  it("moves a prospect from the keyboard, and offers to set the listing's deal stage when it goes under contract (desktop)", async () => {
    const { context, page } = await signedInPage(suite);
    const name = `${uniqueToken("pk")} Harbor Depot`;
    const listing = await createListing(context, { listingName: name, dealStage: "Active" });
    await addProspect(context, listing.id, "Dana Tenant");
    await context.request.patch(`/api/listings/${listing.id}/prospects/${await leadIdOf(context, listing.id, "Dana Tenant")}`, { data: { stage: "contacted" } });
    const detail = await openDetail(page, name);
    await eventually(() => stageOfCard(page, "Dana Tenant")).toBe("contacted");

    // The keyboard: three stages to the right, then drop: under contract.
    await detail.getByRole("button", { name: "Move Dana Tenant" }).focus();
    for (const key of ["Space", "ArrowRight", "ArrowRight", "ArrowRight", "Space"]) await page.keyboard.press(key);
    await eventually(() => stageOfCard(page, "Dana Tenant")).toBe("underContract");
    await eventually(() => page.getByTestId("prospect-announcement").textContent()).toBe("Dana Tenant moved to Under contract.");
    await eventually(() => savedStage(context, listing.id, "Dana Tenant")).toBe("underContract");

    // The offer: the listing's deal stage too, saved with If-Match.
    const offer = detail.getByTestId("under-contract-offer");
    expect(await offer.textContent()).toContain("Dana Tenant is under contract");
    await screenshot(page, "prospect-board-desktop", { fullPage: false });
    expect(await seriousViolations(page, "[role='dialog']")).toEqual([]);
    await offer.getByRole("button", { name: "Set deal stage" }).click();
    await eventually(async () => (await getListing(context, listing.id)).dealStage).toBe("Under Contract");
    await toast(page, "Deal stage set to Under Contract").waitFor();
    await offer.waitFor({ state: "detached" });

    // The listing's timeline has both moves (the one before the page opened, and the keyboard's).
    const activity = await (await context.request.get(`/api/listings/${listing.id}/activity`)).json();
    expect((activity.entries as { kind: string }[]).filter((e) => e.kind === "listing.prospect-moved")).toHaveLength(2);
  });

  it("moves a prospect with its stage picker on a phone", async () => {
    const { context, page } = await signedInPage(suite, { device: "phone" });
    const name = `${uniqueToken("ph")} Hilltop Lot`;
    const listing = await createListing(context, { listingName: name });
    await addProspect(context, listing.id, "Sam Phone");
    const detail = await openDetail(page, name);

    // On a touch screen the card has no drag handle, only the picker.
    expect(await prospectCard(page, "Sam Phone").getByTestId("prospect-card-handle").isVisible()).toBe(false);
    await detail.getByLabel("Stage of Sam Phone").selectOption("toured");
    await eventually(() => stageOfCard(page, "Sam Phone")).toBe("toured");
    await eventually(() => savedStage(context, listing.id, "Sam Phone")).toBe("toured");
    expect(await seriousViolations(page, "[role='dialog']")).toEqual([]);
    await screenshot(page, "prospect-board-phone", { fullPage: false });
  });

  it("moves a prospect with a note from its menu, and removes one after confirming, from the mouse and the keyboard (desktop)", async () => {
    const { context, page } = await signedInPage(suite);
    const name = `${uniqueToken("pn")} Quarry Yard`;
    const listing = await createListing(context, { listingName: name });
    await addProspect(context, listing.id, "Dana Tenant");
    await addProspect(context, listing.id, "Sam Buyer");
    const detail = await openDetail(page, name);

    // A note with a move: nothing to save until there is a note or another stage.
    await openCardMenuItem(page, "Dana Tenant", "Move with a note…");
    const noteDialog = page.getByRole("dialog", { name: "Move Dana Tenant with a note" });
    await noteDialog.getByRole("button", { name: "Save" }).click();
    await noteDialog.getByText("Write a note, or choose another stage.").waitFor();
    await noteDialog.getByLabel("Stage").selectOption("toured");
    await noteDialog.getByLabel("Note").fill("Walked the site; wants three docks");
    expect(await seriousViolations(page, "[data-testid='prospect-note-dialog']")).toEqual([]);
    await noteDialog.getByRole("button", { name: "Save" }).click();
    await noteDialog.waitFor({ state: "detached" });
    await eventually(() => stageOfCard(page, "Dana Tenant")).toBe("toured");
    await eventually(() => savedStage(context, listing.id, "Dana Tenant")).toBe("toured");
    // On the listing's timeline, note and all.
    await detail
      .getByTestId("listing-activity")
      .getByTestId("activity-entry")
      .filter({ hasText: "moved Dana Tenant from Inquired to Toured, noting “Walked the site; wants three docks”" })
      .waitFor();

    // A teammate removes Dana while the note is being written: the save says so and changes nothing.
    await openCardMenuItem(page, "Dana Tenant", "Move with a note…");
    const again = page.getByRole("dialog", { name: "Move Dana Tenant with a note" });
    await again.getByLabel("Note").fill("Called back");
    const teammate = await signedInContext(suite);
    const gone = await teammate.request.delete(`/api/listings/${listing.id}/prospects/${await leadIdOf(context, listing.id, "Dana Tenant")}`);
    expect(gone.status()).toBe(204);
    await prospectCard(page, "Dana Tenant").waitFor({ state: "detached" });
    await again.getByRole("button", { name: "Save" }).click();
    await again.getByText("This lead is not a prospect of this listing").waitFor();
    expect(await prospectCard(page, "Dana Tenant").count()).toBe(0);
    expect(await savedNames(context, listing.id)).toEqual(["Sam Buyer"]);
    await again.getByRole("button", { name: "Cancel" }).click();
    await again.waitFor({ state: "detached" });

    // Removal from the keyboard: the menu, its second item, then the confirmation; Cancel first keeps the card.
    const menuButton = detail.getByRole("button", { name: "More actions: Sam Buyer" });
    await menuButton.focus();
    await removeFromKeyboard(page);
    const confirm = page.getByRole("alertdialog", { name: "Remove Sam Buyer from the pipeline?" });
    await confirm.waitFor();
    await page.keyboard.press("Escape");
    await confirm.waitFor({ state: "detached" });
    expect(await savedNames(context, listing.id)).toEqual(["Sam Buyer"]);
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("More actions: Sam Buyer");
    await removeFromKeyboard(page);
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Remove" }).focus();
    await page.keyboard.press("Enter");
    await toast(page, "Removed from the pipeline").waitFor();
    await confirm.waitFor({ state: "detached" });
    await prospectCard(page, "Sam Buyer").waitFor({ state: "detached" });
    expect(await savedNames(context, listing.id)).toEqual([]);
    await detail.getByTestId("listing-activity").getByTestId("activity-entry").filter({ hasText: "removed Sam Buyer from the prospects" }).waitFor();
  });

  it("moves with a note and removes a prospect by touch on a phone", async () => {
    const { context, page } = await signedInPage(suite, { device: "phone" });
    const name = `${uniqueToken("pt")} Mill Lot`;
    const listing = await createListing(context, { listingName: name });
    await addProspect(context, listing.id, "Robin Phone");
    await openDetail(page, name);

    const menuButton = page.getByRole("button", { name: "More actions: Robin Phone" });
    await menuButton.scrollIntoViewIfNeeded();
    const box = (await menuButton.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    await menuButton.tap();
    await page.getByRole("menuitem", { name: "Move with a note…" }).tap();
    const noteDialog = page.getByRole("dialog", { name: "Move Robin Phone with a note" });
    await noteDialog.getByLabel("Stage").selectOption("contacted");
    await noteDialog.getByLabel("Note").fill("Left a voicemail");
    expect(await smallTapTargets(page)).toEqual([]);
    await noteDialog.getByRole("button", { name: "Save" }).tap();
    await noteDialog.waitFor({ state: "detached" });
    await eventually(() => savedStage(context, listing.id, "Robin Phone")).toBe("contacted");
    expect(await page.getByLabel("Stage of Robin Phone").inputValue()).toBe("contacted");

    await menuButton.tap();
    await page.getByRole("menuitem", { name: "Remove from pipeline…" }).tap();
    const confirm = page.getByRole("alertdialog", { name: "Remove Robin Phone from the pipeline?" });
    await screenshot(page, "prospect-remove-phone", { fullPage: false });
    await confirm.getByRole("button", { name: "Remove" }).tap();
    await toast(page, "Removed from the pipeline").waitFor();
    await prospectCard(page, "Robin Phone").waitFor({ state: "detached" });
    expect(await savedNames(context, listing.id)).toEqual([]);
  });
});

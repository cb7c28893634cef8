// A phone in the hand, part two: compact cards, a selection bar a thumb reaches,
// toasts that keep clear of the menu and the bell, a search hint that fits, a centred spinner,
// error toasts that go once the retry works, links typed without https://, and the sign-up
// forms' field messages. Desktop checks sit beside the 390x844 touch ones.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADMIN, MEMBER_PASSWORD, signedInPage, signInAsAdmin } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { createListing, createListings, uniqueToken } from "./support/listings";
import { useSuite } from "./support/suite";
import { cards, eventually, gotoListings, searchListings, toast } from "./support/ui";
import { TIMEOUT } from "../testing/timeouts.ts";

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not on screen");
  return found;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether the search box shows its whole placeholder: nothing scrolls and the text fits. */
const placeholderFits = (page: Page) =>
  page.getByTestId("listing-search").evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = style.font;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return {
      placeholder: input.placeholder,
      fits: input.scrollWidth <= input.clientWidth && context.measureText(input.placeholder).width <= room,
    };
  });

describe("phone pass", () => {
  const suite = useSuite();

  // First: the workspace has no admin yet.
  it("the setup form says required under each empty field", async () => {
    const page = await suite.page({ device: "phone" });
    await page.goto("/auth?setup=true");
    await page.getByRole("button", { name: "Create admin account" }).click();
    for (const message of ["Username is required", "Email is required", "Password is required"]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
  });

  it("the register form says required, and shows a taken username under Username", async () => {
    const admin = await suite.context();
    await signInAsAdmin(admin);
    const invite = await admin.request.post("/api/invitations", { data: { email: "robin@example.com" } });
    const { inviteLink } = (await invite.json()) as { inviteLink: string };
    const page = await suite.page({ device: "phone" });
    await page.goto(`/auth?token=${new URL(inviteLink).searchParams.get("token")}`);
    const create = page.getByRole("button", { name: "Create account" });
    await create.click();
    await page.getByText("Username is required", { exact: true }).waitFor();
    await page.getByText("Password is required", { exact: true }).waitFor();

    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill(MEMBER_PASSWORD);
    await create.click();
    await toast(page, "Registration failed").waitFor();
    const describedBy = await page.getByLabel("Username").getAttribute("aria-describedby");
    expect(describedBy).toBeTruthy();
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe("That username is already taken. Please choose another.");
  });

  it("a failed sign-in's toast goes away when the next sign-in succeeds", async () => {
    const page = await suite.page();
    await page.goto("/auth");
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    const failed = toast(page, "Login failed");
    await failed.waitFor();
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Active Listings", level: 1 }).waitFor({ timeout: TIMEOUT.pageCode });
    await failed.waitFor({ state: "hidden" });
  });

  for (const device of ["desktop", "phone"] as const) {
    it(`the session spinner is centred on the screen (${device})`, async () => {
      const { page } = await signedInPage(suite, { device });
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/api/user", async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/");
      const spinner = await box(page.getByTestId("page-spinner").locator("svg"));
      const viewport = page.viewportSize()!;
      expect(Math.abs(spinner.x + spinner.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(2);
      expect(Math.abs(spinner.y + spinner.height / 2 - viewport.height / 2)).toBeLessThanOrEqual(2);
      release();
      await page.getByRole("heading", { name: "Active Listings", level: 1 }).waitFor({ timeout: TIMEOUT.pageCode });
    });
  }

  it("on a phone: two compact cards fit the screen, the selection bar stays at the bottom, toasts keep clear", async () => {
    const { context, page } = await signedInPage(suite, { device: "phone" });
    const token = uniqueToken("phone");
    await createListings(context, 6, (i) => ({
      listingName: `${token} Listing ${i + 1}`,
      propertyDescription: `A bright corner office ${token} with parking and signage on a busy street.`,
    }));
    await gotoListings(page);
    await searchListings(page, token);
    await eventually(() => cards(page).count()).toBeGreaterThanOrEqual(2);

    // Two listings fit below the top bar.
    const header = await box(page.locator("header").first());
    const first = cards(page).nth(0);
    const second = cards(page).nth(1);
    const top = (await box(first)).y;
    await page.evaluate((y) => window.scrollBy(0, y), top - (header.y + header.height) - 4);
    const [a, b] = [await box(first), await box(second)];
    expect(a.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect(b.y + b.height).toBeLessThanOrEqual(844);
    // The card keeps the spec's content: the description cut at 50 characters and an ellipsis.
    expect(await first.getByTestId("listing-description").textContent()).toMatch(/^.{50}\.\.\.$|^.{50}…$/);

    // Toasts appear at the bottom, clear of the menu button and the bell.
    await page.evaluate(() => window.scrollTo(0, 0));
    await first.getByTestId("star-toggle").click();
    const starred = toast(page, "Listing starred");
    await starred.waitFor();
    const toastBox = await box(starred);
    const menu = await box(page.getByRole("button", { name: "Open navigation" }));
    const bell = await box(page.locator("header").getByRole("button", { name: /^Notifications/ }));
    expect(overlaps(toastBox, menu)).toBe(false);
    expect(overlaps(toastBox, bell)).toBe(false);
    expect(toastBox.y).toBeGreaterThan(844 / 2);
    await starred.getByRole("button", { name: "Dismiss notification" }).click();
    await starred.waitFor({ state: "hidden" });

    // Selecting: the bar sits along the bottom and stays there while the list scrolls.
    await first.getByRole("checkbox").click();
    const bar = page.getByTestId("selection-bar");
    await bar.waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await eventually(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const barBox = await box(bar);
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(844 + 0.5);
    expect(barBox.y + barBox.height).toBeGreaterThanOrEqual(844 - 0.5);
    // At the very end (the virtualizer settles its measured heights first) the last card is
    // not hidden under it.
    const total = await page.getByTestId("listing-results").getByRole("listitem").first().getAttribute("aria-setsize");
    const lastCard = page.locator(`[aria-posinset="${total}"]`);
    await eventually(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const last = await box(lastCard);
      return last.y + last.height <= barBox.y + 0.5;
    }).toBe(true);
    // A toast sits above the bar.
    await lastCard.getByTestId("star-toggle").click();
    const above = await box(toast(page, "Listing starred"));
    expect(above.y + above.height).toBeLessThanOrEqual(barBox.y + 0.5);
    expect(await seriousViolations(page, "main")).toEqual([]);

    await bar.getByRole("button", { name: "Clear Selection" }).click();
    await bar.waitFor({ state: "detached" });
  });

  it("on a desktop: the selection bar stays in view and usable while the list scrolls", async () => {
    const { context, page } = await signedInPage(suite);
    const token = uniqueToken("desk");
    await createListings(context, 12, (i) => ({ listingName: `${token} Listing ${i + 1}` }));
    await gotoListings(page);
    await searchListings(page, token);
    await eventually(() => cards(page).count()).toBeGreaterThanOrEqual(6);
    await cards(page).first().getByRole("checkbox").click();
    const bar = page.getByTestId("selection-bar");
    await bar.waitFor();
    await page.evaluate(() => window.scrollBy(0, 900));
    await eventually(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const barBox = await box(bar);
    expect(barBox.y).toBeGreaterThanOrEqual(0);
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(800);
    await bar.getByRole("button", { name: "Clear Selection" }).click();
    await bar.waitFor({ state: "detached" });
  });

  it("the search hint fits its box from 360 px up", async () => {
    const { page } = await signedInPage(suite, { device: "phone" });
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await gotoListings(page);
      await eventually(async () => (await placeholderFits(page)).fits).toBe(true);
    }
    const desktop = (await signedInPage(suite)).page;
    await gotoListings(desktop);
    await eventually(() => placeholderFits(desktop)).toEqual({
      placeholder: "Search name, address, city, ZIP, type, agent or description",
      fits: true,
    });
  });

  it("links typed as www.… become https addresses, and a flyer's image says where it came from", async () => {
    const { context, page } = await signedInPage(suite);
    const listing = await createListing(context, { listingName: "Typed Links Plaza", looplinkLink: "www.loopnet.com/Listing/42" });
    expect(listing.looplinkLink).toBe("https://www.loopnet.com/Listing/42");

    const asked: string[] = [];
    await page.route("**/api/looplink/extract-image", async (route) => {
      asked.push((route.request().postDataJSON() as { flyerUrl: string }).flyerUrl);
      await route.fulfill({ json: { imageUrl: "/api/objects/images/00000000-0000-4000-8000-000000000000" } });
    });
    await gotoListings(page);
    await page.getByRole("button", { name: "Add New Listing" }).first().click();
    const form = page.getByRole("dialog", { name: "Add New Listing" });
    await form.getByLabel("Marketing Flyer Link").fill("www.loopnet.com/flyer-42");
    await form.getByTestId("flyer-image-note").waitFor();
    expect(await form.getByTestId("flyer-image-note").textContent()).toBe("Image taken from the flyer");
    expect(asked).toEqual(["https://www.loopnet.com/flyer-42"]);
    // An upload or a removal replaces it, and the note goes with it.
    await form.getByRole("button", { name: "Remove" }).click();
    await form.getByTestId("flyer-image-note").waitFor({ state: "detached" });
  });
});

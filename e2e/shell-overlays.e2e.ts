// The shell's menus, popovers and phone drawer load Radix after the first paint or on first use.
// These journeys hold that code back, so
// the person reaches each trigger before it arrives: the trigger is already there with its name
// and role, a press opens the overlay once the code comes, and focus comes back to the trigger.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage } from "./support/accounts";
import { useSuite } from "./support/suite";
import { gotoListings } from "./support/ui";

/** Holds back the overlay chunk until the returned release is called. */
async function holdOverlayCode(context: BrowserContext) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await context.route(/\/assets\/overlay-primitives-[\w-]+\.js$/, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  return { release, asked: () => asked };
}

const isFocused = (page: Page, name: string | RegExp) =>
  page.getByRole("button", { name }).evaluate((el) => el === document.activeElement);

describe("the shell's overlays before their code has loaded", () => {
  const suite = useSuite();

  it("opens the account menu pressed before its code arrived, as soon as it does", async () => {
    const { context, page } = await signedInPage(suite);
    const held = await holdOverlayCode(context);
    await gotoListings(page);
    const trigger = page.getByRole("button", { name: /account menu$/ });
    expect(await trigger.getAttribute("aria-haspopup")).toBe("menu");
    expect(await trigger.getAttribute("aria-expanded")).toBe("false");

    await trigger.click();
    await expect.poll(held.asked).toBe(true);
    expect(await page.getByRole("menu").count()).toBe(0);

    held.release();
    const menu = page.getByRole("menu");
    await menu.getByRole("menuitem", { name: "Your account" }).waitFor();
    // While the menu is open the rest of the page is hidden from the accessibility tree.
    expect(await page.getByRole("button", { name: /account menu$/, includeHidden: true }).getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    expect(await isFocused(page, /account menu$/)).toBe(true);
  });

  it("opens the account menu from the keyboard before its code arrived, with focus on its first item", async () => {
    const { context, page } = await signedInPage(suite);
    const held = await holdOverlayCode(context);
    await gotoListings(page);
    await page.getByRole("button", { name: /account menu$/ }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(held.asked).toBe(true);

    held.release();
    const menu = page.getByRole("menu");
    await menu.waitFor();
    // As Radix does for a key it heard itself: the first item has focus, and the keys go on from there.
    const focused = () => page.evaluate(() => `${document.activeElement?.getAttribute("role")} ${document.activeElement?.textContent}`);
    await expect.poll(focused).toBe("menuitem Your account");
    await page.keyboard.press("End");
    await expect.poll(focused).toBe("menuitem Logout");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    expect(await isFocused(page, /account menu$/)).toBe(true);

    // Only that opening: a click later focuses the menu itself, as Radix does for a pointer.
    await page.getByRole("button", { name: /account menu$/ }).click();
    await menu.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("menu");
  });

  it("opens the notifications from the keyboard before the code arrived, and gives focus back to the bell", async () => {
    const { context, page } = await signedInPage(suite);
    const held = await holdOverlayCode(context);
    await gotoListings(page);
    const bell = page.getByTestId("desktop-sidebar").getByRole("button", { name: /^Notifications/ });
    expect(await bell.getAttribute("aria-haspopup")).toBe("dialog");
    await bell.focus();
    await page.keyboard.press("Enter");
    await expect.poll(held.asked).toBe(true);
    expect(await page.getByRole("dialog", { name: "Notifications" }).count()).toBe(0);

    held.release();
    const panel = page.getByRole("dialog", { name: "Notifications" });
    await panel.waitFor();
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });
    expect(await isFocused(page, /^Notifications/)).toBe(true);
  });

  it("opens the phone drawer tapped before its code arrived", async () => {
    const { context, page } = await signedInPage(suite, { device: "phone" });
    const held = await holdOverlayCode(context);
    await gotoListings(page);
    const menuButton = page.getByRole("button", { name: "Open navigation" });
    await menuButton.tap();
    await expect.poll(held.asked).toBe(true);
    expect(await page.getByTestId("mobile-drawer").count()).toBe(0);

    held.release();
    const drawer = page.getByTestId("mobile-drawer");
    await drawer.getByRole("navigation", { name: "Main" }).waitFor();
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    expect(await isFocused(page, "Open navigation")).toBe(true);
  });
});

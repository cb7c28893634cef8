import { describe, expect, it } from "vitest";
import { signInAsAdmin } from "./support/accounts";
import { expectPath, screenshot, useSuite } from "./support/suite";

describe("phone layout (390x844)", () => {
  const suite = useSuite();

  it("hides the sidebar behind a menu button whose drawer closes on navigation and Escape", async () => {
    const context = await suite.context({ device: "phone" });
    await signInAsAdmin(context);
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("heading", { name: "Active Listings", level: 1 }).waitFor();

    expect(await page.getByTestId("desktop-sidebar").isVisible()).toBe(false);
    const menuButton = page.getByRole("button", { name: "Open navigation" });
    expect(await menuButton.isVisible()).toBe(true);
    await screenshot(page, "app-active-listings-phone");

    await menuButton.click();
    const drawer = page.getByTestId("mobile-drawer");
    await drawer.waitFor();
    const nav = drawer.getByRole("navigation", { name: "Main" });
    for (const label of ["Active Listings", "Not In Use", "Deal Board", "Agents", "Leads", "Contacts", "Campaigns", "Wishlist", "Team", "Settings"]) {
      await nav.getByRole("link", { name: label }).waitFor();
    }
    await screenshot(page, "app-drawer-open-phone");

    await nav.getByRole("link", { name: "Agents" }).click();
    await expectPath(page, "/agents");
    await drawer.waitFor({ state: "detached" });
    await page.getByRole("heading", { name: "Agents", level: 1 }).waitFor();

    await menuButton.click();
    await drawer.waitFor();
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    // Focus returns to the button that opened the drawer.
    expect(await menuButton.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("keeps the sign-in page usable on a phone", async () => {
    const page = await suite.page({ device: "phone" });
    await page.goto("/auth");
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, "auth-login-phone");
  });
});

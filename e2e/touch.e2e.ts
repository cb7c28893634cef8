// A phone in the hand: on a 390x844 touch screen every control on every main screen
// and dialog is at least 44x44 to a finger, and at 360 px nothing scrolls sideways.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAsAdmin } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { addNote, createAgent, createListing } from "./support/listings";
import { useSuite } from "./support/suite";
import { sidewaysOverflow, smallTapTargets } from "./support/tap-targets";
import { gotoListings } from "./support/ui";
import { TIMEOUT } from "../testing/timeouts.ts";

const SCREENS: { path: string; heading: string }[] = [
  { path: "/", heading: "Active Listings" },
  { path: "/not-in-use", heading: "Not In Use" },
  { path: "/agents", heading: "Agents" },
  { path: "/campaigns", heading: "Campaigns" },
  { path: "/wishlist", heading: "Wishlist" },
  { path: "/team", heading: "Team" },
  { path: "/settings", heading: "Settings" },
];

/** Search boxes whose placeholder, laid out as text in the box's font, is wider than the box's text area. */
const cutPlaceholders = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>("input[type=search][placeholder]")].flatMap((input) => {
      // Folded away (the filters on a phone): nothing to read.
      if (input.clientWidth === 0) return [];
      const style = getComputedStyle(input);
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const probe = document.createElement("span");
      probe.textContent = input.placeholder;
      probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily};letter-spacing:${style.letterSpacing}`;
      document.body.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      return width > room ? [`placeholder "${input.placeholder}" is ${Math.round(width)} px in a ${Math.round(room)} px box`] : [];
    }),
  );

async function openScreen(page: Page, path: string, heading: string) {
  await page.goto(path);
  await page.getByRole("heading", { name: heading, level: 1 }).waitFor({ timeout: TIMEOUT.pageCode });
}

describe("touch-sized controls on a phone", () => {
  const suite = useSuite();

  it("every control on the main screens and dialogs has a 44x44 hit area", async () => {
    const context = await suite.context({ device: "phone" });
    await signInAsAdmin(context);
    // With an email and a phone: their links are controls too.
    const agent = await createAgent(context, "Dana Broker", { email: "dana@example.com", phone: "(304) 555-0101" });
    const listing = await createListing(context, { listingName: "Touch Plaza", agentId: agent.id });
    await addNote(context, listing.id, "Call the owner back");
    const page = await context.newPage();
    const problems: string[] = [];
    const audit = async (where: string) => {
      for (const small of await smallTapTargets(page)) problems.push(`${where}: ${small}`);
    };

    for (const { path, heading } of SCREENS) {
      await openScreen(page, path, heading);
      if (path === "/") problems.push(...(await cutPlaceholders(page)));
      await audit(path);
      for (const finding of await seriousViolations(page, "main")) problems.push(`${path} (axe): ${finding}`);
    }

    await openScreen(page, "/agents", "Agents");
    await page.getByRole("button", { name: "Add Agent" }).click();
    await page.getByRole("dialog").waitFor();
    await audit("agent form");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await gotoListings(page);
    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByTestId("mobile-drawer").waitFor();
    await audit("navigation drawer");
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: /list view/i }).click();
    // The list's own code, not its placeholder rows: the compact rows are what a finger meets.
    await page.locator('[data-view="list"] [data-testid="listing-row"]').first().waitFor();
    await audit("list view");
    await page.getByRole("button", { name: /grid view/i }).click();

    // The selection bar, fixed along the bottom of a phone's screen while selecting.
    await page.getByRole("checkbox", { name: "Select Touch Plaza" }).click();
    await page.getByTestId("selection-bar").waitFor();
    await audit("selection bar");
    await page.getByTestId("selection-bar").getByRole("button", { name: "Clear Selection" }).click();
    await page.getByTestId("selection-bar").waitFor({ state: "detached" });

    await page.getByRole("button", { name: "View Details" }).first().click();
    await page.getByRole("dialog").waitFor();
    await audit("listing details");
    // Each section is one tap away from the bar under the title, wherever the dialog is scrolled.
    const sections = page.getByRole("navigation", { name: "Sections" });
    expect(await sections.getByRole("button").allTextContents()).toEqual(["Overview", "Photos", "Facts", "Spaces & income", "Posts", "Prospects", "Activity"]);
    for (const name of ["Activity", "Overview", "Posts", "Photos"]) {
      await sections.getByRole("button", { name }).click();
      const target = page.locator(`[data-section="${name.toLowerCase()}"]`);
      // In view: its top on screen, below the sticky title and bar.
      await expect
        .poll(() => target.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().top < window.innerHeight - 44))
        .toBe(true);
      expect(await sections.isVisible()).toBe(true);
    }
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });

    await page.getByRole("button", { name: /^View Notes/ }).first().click();
    await page.getByRole("dialog").waitFor();
    await audit("notes");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Add New Listing" }).click();
    await page.getByRole("dialog").waitFor();
    await audit("add listing");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Import and export" }).click();
    await page.getByRole("menu").waitFor();
    await audit("import and export menu");
    await page.getByRole("menuitem", { name: "Import CSV" }).click();
    await page.getByRole("dialog").waitFor();
    await audit("import dialog");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Notifications" }).click();
    await page.getByRole("dialog", { name: "Notifications" }).waitFor();
    await audit("notifications panel");
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByRole("button", { name: /account menu/ }).click();
    await page.getByRole("menu").waitFor();
    await audit("account menu");
    await page.keyboard.press("Escape");

    expect(problems).toEqual([]);
  });

  it("a section jumped to while the details still load stays in view as the sections above it fill", async () => {
    const context = await suite.context({ device: "phone" });
    await signInAsAdmin(context);
    const listing = await createListing(context, { listingName: "Jump Plaza" });
    await addNote(context, listing.id, "Call the owner back");
    const page = await context.newPage();
    // Every section above Activity waits for its answer until the jump has been made.
    const held: (() => Promise<void>)[] = [];
    let holding = true;
    await page.route(new RegExp(`/api/listings/${listing.id}/(?!activity)[a-z-]+$`), (route) =>
      holding ? void held.push(() => route.continue()) : route.continue(),
    );
    await gotoListings(page);
    await page.getByRole("button", { name: "View Details" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await expect.poll(() => held.length).toBeGreaterThan(5);
    await dialog.getByRole("navigation", { name: "Sections" }).getByRole("button", { name: "Activity" }).click();
    const activity = dialog.locator('[data-section="activity"]');
    const inView = () => activity.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().top < window.innerHeight - 44);
    await expect.poll(inView).toBe(true);
    const offset = () => activity.evaluate((el) => (el as HTMLElement).offsetTop);
    const before = await offset();
    holding = false;
    for (const release of held.splice(0)) await release();
    // Settled: Activity no longer moves down as the sections above it draw.
    let previous = -1;
    const settled = async () => {
      const now = await offset();
      const same = now === previous;
      previous = now;
      return same;
    };
    await expect.poll(settled, { interval: 300 }).toBe(true);
    // What drew above it is more than a phone's screen: left where it was, Activity would be out of sight.
    expect(previous - before).toBeGreaterThan(844);
    expect(await inView()).toBe(true);
  });

  it("nothing scrolls sideways at 360 px, and the search box's hint is not cut", async () => {
    const context = await suite.context({ device: "phone" });
    await signInAsAdmin(context);
    await createListing(context, { listingName: "A listing with a rather long name for a narrow phone screen" });
    const page = await context.newPage();
    await page.setViewportSize({ width: 360, height: 780 });
    const wide: string[] = [];
    for (const { path, heading } of SCREENS) {
      await openScreen(page, path, heading);
      if (path === "/") wide.push(...(await cutPlaceholders(page)));
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) wide.push(`${path}: ${overflow}px`);
    }
    await gotoListings(page);
    await page.getByRole("button", { name: /list view/i }).click();
    const overflow = await sidewaysOverflow(page);
    if (overflow > 0) wide.push(`list view: ${overflow}px`);
    expect(wide).toEqual([]);

    // Phones' browsers read the `font` shorthand as "" once the box sets a part it cannot express
    // (tabular figures here); a canvas given "" keeps measuring 10 px text and every hint "fits".
    // Narrowed, the box must still get a hint measured in its real font.
    const shorthand = await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>("input[type=search][placeholder]")!;
      input.style.fontVariantNumeric = "tabular-nums";
      input.style.width = "150px";
      return getComputedStyle(input).font;
    });
    expect(shorthand).toBe("");
    await expect.poll(() => cutPlaceholders(page)).toEqual([]);
  });
});

// The parts of the app's screens that journeys look for, declared once: toasts, listing cards,
// the sidebar counts, the listings search, being sent to sign in, and ways to wait for a
// condition rather than a time.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { expectPath } from "./suite";
import { TIMEOUT } from "../../testing/timeouts.ts";

/** A condition that comes in time; e2e/vitest.config.ts gives every expect.poll as long as any other wait. */
export const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read);

export const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text });

export const cards = (page: Page) => page.getByTestId("listing-card");

export const card = (page: Page, name: string) => cards(page).filter({ has: page.getByRole("heading", { name, exact: true }) });

/** The listing names on the cards, in the order shown. */
export const cardNames = (page: Page) => cards(page).getByRole("heading").allTextContents();

/** The listing names on the cards, sorted, for checks that do not care about the order. */
export const sortedCardNames = async (page: Page) => (await cardNames(page)).sort();

/** The desktop sidebar's count next to Active Listings or Not In Use. */
export const navCount = (page: Page, which: "active" | "inactive" = "active") =>
  page.getByTestId("desktop-sidebar").getByTestId(`nav-count-${which}`);

/** Active Listings, once its lazily loaded code has run (on a busy machine that can outlast 10 s). */
export async function gotoListings(page: Page) {
  await page.goto("/");
  await page.getByRole("heading", { name: "Active Listings", level: 1 }).waitFor({ timeout: TIMEOUT.pageCode });
}

/** Types into the listings search and waits until the list shows that search's results. */
export async function searchListings(page: Page, text: string) {
  const box = page.getByTestId("listing-search");
  await box.waitFor({ timeout: TIMEOUT.pageCode });
  await box.fill(text);
  await eventually(() => page.getByTestId("listings-workspace").getAttribute("data-search")).toBe(text);
}

/**
 * Resolves once the page has painted twice: whatever an event handler that already ran set in
 * motion (a state change, a toast) is on screen by then. For checking that something did NOT
 * appear, after the event that would have caused it.
 */
export async function nextPaint(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * A page whose session ended behind its back is sent to the sign-in page with the reason: at its
 * next action (a click on a sidebar link), or earlier when a poll or the event stream notices
 * first; then the link is already gone with the signed-in layout and the click has nothing to do.
 */
export async function expectSignedOutOnNextAction(page: Page, { link = "Agents" }: { link?: string } = {}) {
  const action = page.getByTestId("desktop-sidebar").getByRole("link", { name: link });
  const ended = toast(page, "Your session has ended");
  await action.or(ended).first().waitFor();
  // Watched from now on: when the page notices first, the click retries on a link that went
  // with the signed-in layout until its own timeout, and the toast (5 s) may be gone by then.
  const said = ended.waitFor({ timeout: 2 * TIMEOUT.condition }).then(
    () => true,
    () => false,
  );
  if ((await ended.count()) === 0) {
    await action.click().catch(async (error: Error) => {
      // Only the page noticing first excuses the click.
      if (!(await said)) throw new Error(`Clicking the sidebar's "${link}" link failed before the page said the session had ended: ${error.message}`);
    });
  }
  if (!(await said)) throw new Error("The page never said the session had ended");
  await expectPath(page, "/auth");
}

/**
 * Presses the browser's own Back button (a browser-side traversal, as Playwright's goBack makes,
 * not the page's history.back()), without waiting for a navigation: a page holding unsaved
 * changes cancels it, and then none comes.
 */
export async function pressBrowserBack(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { currentIndex, entries } = await cdp.send("Page.getNavigationHistory");
    if (currentIndex === 0) throw new Error("There is no page to go back to");
    await cdp.send("Page.navigateToHistoryEntry", { entryId: entries[currentIndex - 1].id });
  } finally {
    await cdp.detach();
  }
}

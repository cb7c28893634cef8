// The live workspace: what one person does shows on a teammate's open screen without
// a reload, on desktop and phone, and still after the server restarts. With TEST_DATABASE_URL
// the phone's viewer is on a second app server sharing the PostgreSQL database, so the changes
// cross servers through LISTEN/NOTIFY (on PGlite there is one server, and both use it).
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createMember, MEMBER_PASSWORD, signedInContext, signIn, signInAsAdmin } from "./support/accounts";
import { addNote, createListing, uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { card, gotoListings, searchListings } from "./support/ui";

// One viewer per device, so each starts with an empty bell.
const VIEWERS = {
  desktop: { username: "jordan.desk", password: MEMBER_PASSWORD, email: "jordan.desk@example.com" },
  phone: { username: "jordan.phone", password: MEMBER_PASSWORD, email: "jordan.phone@example.com" },
};

/** The bell on screen (the sidebar's on desktop, the top bar's on a phone), by its unread count. */
const bellWithUnread = (page: Page, unread: number) => page.locator(`button[aria-label="Notifications, ${unread} unread"]:visible`);

async function put(context: BrowserContext, path: string, data: object) {
  const res = await context.request.put(path, { data });
  expect(res.status(), await res.text()).toBe(200);
}

async function post(context: BrowserContext, path: string) {
  const res = await context.request.post(path);
  expect(res.status(), await res.text()).toBe(200);
}

describe("live workspace", () => {
  const suite = useSuite();

  beforeAll(async () => {
    const admin = await suite.context();
    await signInAsAdmin(admin);
    for (const viewer of Object.values(VIEWERS)) await createMember(admin, await suite.context(), viewer);
  });

  for (const device of ["desktop", "phone"] as const) {
    it(`a teammate's create, edit, star, note with a mention and deactivation show without reload, also after a restart (${device})`, async () => {
      const actor = await signedInContext(suite);
      const viewer = VIEWERS[device];
      const sibling = device === "phone" ? await suite.siblingServer() : null;
      const viewerContext = await suite.context({ device, baseURL: sibling?.baseURL });
      await signIn(viewerContext, viewer);
      const page = await viewerContext.newPage();
      // The page's stream is held back until the teammate's first listing exists: made after the
      // page read its list, it is told as the stream opens (from where that read began), not lost.
      let openStream = () => {};
      const streamHeld = new Promise<void>((resolve) => (openStream = resolve));
      await page.route("**/api/events*", async (route) => {
        await streamHeld;
        await route.continue();
      });
      // Any reload would lose this mark: the checks below are on the page as first loaded.
      await gotoListings(page);
      await page.evaluate(() => ((window as unknown as { liveMark: boolean }).liveMark = true));
      const token = uniqueToken("live");
      await searchListings(page, token);

      const listing = await createListing(actor, { listingName: `${token} Depot` });
      openStream();
      await card(page, `${token} Depot`).waitFor();

      await put(actor, `/api/listings/${listing.id}`, { listingName: `${token} Depot Annex` });
      await card(page, `${token} Depot Annex`).waitFor();

      await post(actor, `/api/listings/${listing.id}/toggle-starred`);
      await page.locator(`[data-testid="star-toggle"][aria-pressed="true"][aria-label="Unstar ${token} Depot Annex"]`).waitFor();

      await addNote(actor, listing.id, `Keys are with @${viewer.username} now`);
      await bellWithUnread(page, 1).waitFor();
      await screenshot(page, `live-after-mention-${device}`);

      await post(actor, `/api/listings/${listing.id}/toggle`);
      await card(page, `${token} Depot Annex`).waitFor({ state: "detached" });

      // The server goes away and comes back: the page reconnects by itself and catches up.
      await suite.restartServer();
      await createListing(actor, { listingName: `${token} After Restart` });
      await card(page, `${token} After Restart`).waitFor();
      expect(await page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark)).toBe(true);
    });
  }
});

// Tabs of one browser share their session's cap on event streams:
// a fifth tab's stream replaces the first's, which does not reconnect by itself, so tabs never
// take turns replacing each other; when its person comes back to it, it reconnects and catches up.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInContext } from "./support/accounts";
import { CLOSED, OPEN, recordEventSources, streams } from "./support/event-sources";
import { createListing, uniqueToken } from "./support/listings";
import { useSuite } from "./support/suite";
import { card, eventually, gotoListings, searchListings } from "./support/ui";

const states = async (page: Page) => (await streams(page)).map((s) => s.readyState);

describe("several tabs of one browser", () => {
  const suite = useSuite();

  it("a fifth tab's stream replaces the first's, which waits for its person, then reconnects and catches up", async () => {
    const actor = await signedInContext(suite);
    const browser = await signedInContext(suite);
    await browser.addInitScript(recordEventSources);
    const token = uniqueToken("tabs");
    const tabs: Page[] = [];
    for (let i = 0; i < 5; i++) {
      const page = await browser.newPage();
      await gotoListings(page);
      await searchListings(page, token);
      await eventually(() => states(page)).toContain(OPEN);
      tabs.push(page);
    }
    const [first, ...others] = tabs;
    // The session holds four: the first tab's stream was replaced, and it closed it.
    await eventually(() => states(first)).toEqual([CLOSED]);
    for (const page of others) expect(await states(page)).toEqual([OPEN]);

    await createListing(actor, { listingName: `${token} Depot` });
    for (const page of others) await card(page, `${token} Depot`).waitFor();
    // Meanwhile the first tab did not come back by itself, to replace another in turn.
    expect(await states(first)).toEqual([CLOSED]);

    // Its person comes back to it: it opens a stream again and shows what it missed.
    await first.bringToFront();
    await first.keyboard.press("Shift");
    await eventually(() => states(first)).toEqual([CLOSED, OPEN]);
    await card(first, `${token} Depot`).waitFor();
    // It took the place of the oldest of the others, which waits in turn.
    await eventually(() => states(others[0])).toEqual([CLOSED]);
  });
});

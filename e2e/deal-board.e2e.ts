// The deal board: a listing moves between deal-stage columns
// by mouse, by keyboard (with announcements) and, on a phone, by its stage picker; each move is
// saved with If-Match, a stale board gets the conflict notice and shows the stage saved meanwhile,
// and a teammate's move arrives over the event stream.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInContext } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { createListing, getListing, uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { TIMEOUT } from "../testing/timeouts.ts";
import { eventually } from "./support/ui";

const column = (page: Page, stage: string) => page.locator(`[data-testid='board-column'][data-stage='${stage}']`);
// By id, not by role: while a dialog is open the page beneath it is hidden from the accessibility tree.
const boardCard = (page: Page, id: string) => page.locator(`[data-testid='board-card'][data-listing-id='${id}']`);
const stageOfCard = (page: Page, id: string) =>
  boardCard(page, id).evaluate((el) => el.closest("[data-testid='board-column']")?.getAttribute("data-stage") ?? null);

async function openBoard(page: Page, token: string) {
  await page.goto(`/pipeline?q=${token}`);
  await page.getByRole("heading", { name: "Deal Board", level: 1 }).waitFor({ timeout: TIMEOUT.pageCode });
  await eventually(() => page.getByTestId("deal-board").getAttribute("data-results")).not.toBe("0");
}

/** A teammate changes the stage through the API, as the edit form would (PATCH, no If-Match). */
async function moveAsTeammate(context: BrowserContext, id: string, dealStage: string) {
  const res = await context.request.patch(`/api/listings/${id}`, { data: { dealStage } });
  expect(res.status(), await res.text()).toBe(200);
}

describe("deal board", () => {
  const suite = useSuite();

  it("moves a card with the mouse, shows each column's count and totals, and follows a teammate's move", async () => {
    const admin = await signedInContext(suite);
    const token = uniqueToken("db");
    const shop = await createListing(admin, { listingName: `${token} Corner Shop`, dealStage: "Proposal", askingPrice: 1_200_000, offeringType: "Sell" });
    const bay = await createListing(admin, {
      listingName: `${token} Flex Bay`,
      dealStage: "Proposal",
      offeringType: "Lease",
      leaseRate: 2,
      leaseRateUnit: "per SF/mo",
      availableSizeSf: 1500,
    });
    const page = await admin.newPage();
    await openBoard(page, token);
    expect(await page.getByTestId("desktop-sidebar").getByRole("link", { name: "Deal Board" }).getAttribute("aria-current")).toBe("page");
    expect(await seriousViolations(page, "main")).toEqual([]);

    const proposal = column(page, "Proposal");
    expect(await proposal.getByTestId("board-count").textContent()).toBe("2");
    // $1,200,000 asked; $2 /SF/mo on 1,500 SF is $36,000 a year.
    expect(await proposal.getByTestId("board-totals").textContent()).toBe("$1,200,000 · $36,000/yr rent");

    const from = (await boardCard(page, shop.id).boundingBox())!;
    const to = (await column(page, "Active").boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height - 8);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height - 8, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 10 });
    await page.mouse.up();

    await eventually(() => stageOfCard(page, shop.id)).toBe("Active");
    await screenshot(page, "deal-board-desktop");
    expect(await column(page, "Active").getByTestId("board-count").textContent()).toBe("1");
    expect(await proposal.getByTestId("board-totals").textContent()).toBe("$0 · $36,000/yr rent");
    await eventually(async () => (await getListing(admin, shop.id)).dealStage).toBe("Active");

    // A teammate's move reaches the open board without a reload.
    await moveAsTeammate(admin, bay.id, "Closed");
    await eventually(() => stageOfCard(page, bay.id)).toBe("Closed");
  });

  it("moves a card from the keyboard, one stage per arrow, and says so", async () => {
    const admin = await signedInContext(suite);
    const token = uniqueToken("dk");
    const listing = await createListing(admin, { listingName: `${token} Keyboard Lot`, dealStage: "Active" });
    const page = await admin.newPage();
    await openBoard(page, token);

    await page.getByRole("button", { name: `Move ${listing.listingName}` }).focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Space");

    await eventually(() => stageOfCard(page, listing.id)).toBe("Under Contract");
    await eventually(() => page.getByRole("status").filter({ hasText: "moved to Under Contract" }).count()).toBe(1);
    await eventually(async () => (await getListing(admin, listing.id)).dealStage).toBe("Under Contract");
  });

  it("answers a move from a stale board with the conflict notice and shows the stage saved meanwhile", async () => {
    const admin = await signedInContext(suite);
    const teammate = await signedInContext(suite);
    const token = uniqueToken("ds");
    const listing = await createListing(admin, { listingName: `${token} Stale Depot`, dealStage: "Proposal" });
    const page = await admin.newPage();
    // No event stream: the board cannot hear the teammate's move, so it stays stale.
    await page.route("**/api/events**", (route) => route.abort());
    await openBoard(page, token);

    await moveAsTeammate(teammate, listing.id, "Withdrawn");
    await page.getByRole("button", { name: `Move ${listing.listingName}` }).focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Space");

    const dialog = page.getByTestId("board-conflict");
    await dialog.waitFor();
    const notice = await dialog.getByTestId("edit-conflict").textContent();
    expect(notice).toContain("Withdrawn");
    expect(notice).toContain("Overwrite moves it to Active anyway");
    await screenshot(page, "deal-board-conflict");
    await eventually(() => stageOfCard(page, listing.id)).toBe("Withdrawn");
    expect((await getListing(admin, listing.id)).dealStage).toBe("Withdrawn");

    // Overwrite moves it where I meant, from the version saved meanwhile.
    await dialog.getByRole("button", { name: "Overwrite" }).click();
    await dialog.waitFor({ state: "detached" });
    await eventually(() => stageOfCard(page, listing.id)).toBe("Active");
    await eventually(async () => (await getListing(admin, listing.id)).dealStage).toBe("Active");
  });

  it("moves a card with its stage picker on a phone", async () => {
    const phone = await signedInContext(suite, { device: "phone" });
    const token = uniqueToken("dp");
    const listing = await createListing(phone, { listingName: `${token} Phone Plaza` });
    const page = await phone.newPage();
    // Reached from the phone's menu, then narrowed with the lists' own search box.
    await page.goto("/");
    await page.getByRole("button", { name: "Open navigation" }).click({ timeout: TIMEOUT.pageCode });
    await page.getByTestId("mobile-drawer").getByRole("link", { name: "Deal Board" }).click();
    await page.getByTestId("listing-search").fill(token, { timeout: TIMEOUT.pageCode });
    await eventually(() => page.getByTestId("deal-board").getAttribute("data-results")).toBe("1");
    await eventually(() => new URL(page.url()).search).toBe(`?q=${token}`);
    expect(await seriousViolations(page, "main")).toEqual([]);

    expect(await stageOfCard(page, listing.id)).toBe("none");
    // On a touch screen the card has no drag handle, only the picker.
    expect(await boardCard(page, listing.id).getByTestId("board-card-handle").isVisible()).toBe(false);
    await page.getByLabel(`Deal stage of ${listing.listingName}`).selectOption("Closed");

    await eventually(() => stageOfCard(page, listing.id)).toBe("Closed");
    await screenshot(page, "deal-board-phone");
    await eventually(async () => (await getListing(phone, listing.id)).dealStage).toBe("Closed");
  });
});

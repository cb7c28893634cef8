// Listing activity and the audit log in the browser, on a desktop and on a phone: a price edit shows up in the listing's
// Activity and can be put back; an admin finds a deleted listing in the audit log and recreates it.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { ListingWithMeta } from "../shared/schema";
import { signedInPage } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { createListing, getListing, uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { card, cards, eventually, gotoListings, searchListings, toast } from "./support/ui";
import { TIMEOUT } from "../testing/timeouts.ts";

type Device = "desktop" | "phone";
const DEVICES: Device[] = ["desktop", "phone"];

async function openDetail(page: Page, name: string) {
  await gotoListings(page);
  await searchListings(page, name);
  await card(page, name).getByTestId("listing-description").click();
  const detail = page.getByTestId("listing-detail");
  await detail.waitFor();
  return detail;
}

describe("activity and audit log", () => {
  const suite = useSuite();

  for (const device of DEVICES) {
    it(`shows a price edit in the listing's Activity and restores the old price (${device})`, async () => {
      const { context, page } = await signedInPage(suite, { device });
      const name = `${uniqueToken("activity")} Corner Bakery`;
      const listing = await createListing(context, { listingName: name, askingPrice: 1_650_000 });
      const detail = await openDetail(page, name);
      const activity = detail.getByTestId("listing-activity");
      await activity.getByText(/created this listing/).waitFor();

      await detail.getByRole("button", { name: "Edit Listing" }).click();
      const edit = page.getByRole("dialog", { name: "Edit Listing" });
      await edit.getByLabel("Asking Price").fill("$1,595,000");
      await edit.getByRole("button", { name: "Update Listing" }).click();
      await edit.waitFor({ state: "detached" });

      const change = activity.getByTestId("activity-entry").filter({ hasText: "changed Asking Price from $1,650,000 to $1,595,000" });
      await change.waitFor();
      expect(await change.textContent()).toMatch(/^alex\.admin changed Asking Price from \$1,650,000 to \$1,595,000 · (just now|1 min ago)/);
      await screenshot(page, `activity-price-change-${device}`);
      expect(await seriousViolations(page, "[data-testid=listing-activity]")).toEqual([]);

      await change.getByRole("button", { name: "Restore this value" }).click();
      await toast(page, "Asking Price restored").waitFor();
      await activity.getByText("alex.admin restored Asking Price from $1,595,000 to $1,650,000").waitFor();
      expect((await getListing(context, listing.id)).askingPrice).toBe(1_650_000);
      await eventually(() => detail.getByTestId("deal-facts").textContent()).toContain("$1,650,000");
    });

    it(`lets an admin find a deleted listing in the audit log and recreate it (${device})`, async () => {
      const { context, page } = await signedInPage(suite, { device });
      const name = `${uniqueToken("deleted")} Harbor Warehouse`;
      const listing = await createListing(context, { listingName: name, askingPrice: 2_400_000 });
      expect((await context.request.delete(`/api/listings/${listing.id}`)).status()).toBe(204);

      await page.goto("/team");
      await page.getByRole("link", { name: "Audit Log" }).click();
      await page.getByRole("heading", { name: "Audit Log", level: 1 }).waitFor({ timeout: TIMEOUT.pageCode });
      await page.getByLabel("Kind").selectOption({ label: "Listing deletions" });
      const entry = page.getByTestId("audit-entry").filter({ hasText: `alex.admin deleted the listing “${name}”` });
      await entry.waitFor();
      await entry.getByText("View the deleted listing").click();
      await entry.getByText("$2,400,000").waitFor();
      await screenshot(page, `audit-deleted-listing-${device}`);
      expect(await seriousViolations(page, "main")).toEqual([]);

      await entry.getByRole("button", { name: "Recreate as a new listing" }).click();
      await toast(page, `Recreated “${name}” as a new listing`).waitFor();
      const named = async () =>
        ((await (await context.request.get("/api/listings")).json()) as ListingWithMeta[]).filter((l) => l.listingName === name);
      await eventually(async () => (await named()).length).toBe(1);
      const [recreated] = await named();
      expect(recreated.id).not.toBe(listing.id);
      expect(recreated.askingPrice).toBe(2_400_000);
    });
  }

  it("shows a bulk delete as one audit-log entry with the count, each listing viewable", async () => {
    const { context, page } = await signedInPage(suite);
    const token = uniqueToken("bulkgone");
    const names = ["One", "Two", "Three"].map((n) => `${token} ${n}`);
    for (const [i, listingName] of names.entries()) await createListing(context, { listingName, askingPrice: 500_000 + i });

    await gotoListings(page);
    await searchListings(page, token);
    await eventually(() => cards(page).count()).toBe(3);
    await page.getByLabel("Select All").click();
    const bar = page.getByTestId("selection-bar");
    await bar.getByText("3 listings selected").waitFor();
    await bar.getByRole("button", { name: "Delete Selected" }).click();
    const confirm = page.getByTestId("bulk-delete-dialog");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await toast(page, "Success!").filter({ hasText: "Deleted 3 listings" }).waitFor();

    await page.goto("/audit");
    await page.getByRole("heading", { name: "Audit Log", level: 1 }).waitFor({ timeout: TIMEOUT.pageCode });
    const newest = page.getByTestId("audit-entry").filter({ hasText: "alex.admin bulk-deleted 3 listings" }).first();
    await newest.waitFor();
    // One entry for the run: no deletion entry per listing beside it.
    expect(await page.getByTestId("audit-entry").filter({ hasText: "deleted the listing" }).filter({ hasText: token }).count()).toBe(0);
    await newest.getByText("Show the deleted listings").click();
    const deleted = newest.getByTestId("bulk-deleted-listing");
    await eventually(async () => (await deleted.allTextContents()).map((t) => names.find((n) => t.startsWith(n))).sort()).toEqual([...names].sort());
    await screenshot(page, "audit-bulk-delete-desktop");
    expect(await seriousViolations(page, "main")).toEqual([]);
  });
});

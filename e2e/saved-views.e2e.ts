import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createMember, MEMBER_PASSWORD, signedInPage, signIn } from "./support/accounts";
import { createListing, uniqueToken } from "./support/listings";
import { useSuite } from "./support/suite";
import { card, eventually, gotoListings, toast } from "./support/ui";

// Saved views.
const workspaceView = (page: Page) => page.getByTestId("listings-workspace").getAttribute("data-view");
const openViews = (page: Page) => page.getByRole("button", { name: "Views" }).click();
const savedView = (page: Page, name: string) => page.getByTestId("saved-view").filter({ hasText: name });

describe("saved views", () => {
  const suite = useSuite();

  it("lets an admin save and lock a team view that an agent then opens, cannot delete, and makes their default", async () => {
    const { context: admin, page } = await signedInPage(suite);
    const retail = uniqueToken("Retail ");
    const office = uniqueToken("Office ");
    await createListing(admin, { listingName: retail, propertyType: "Retail" });
    await createListing(admin, { listingName: office, propertyType: "Office" });

    await page.goto("/?type=Retail&sort=name-asc");
    await gotoListingsLoaded(page, retail);
    await openViews(page);
    await page.getByRole("menuitem", { name: "Save view…" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Retail for the team");
    await dialog.getByLabel("Share with the team").check();
    await dialog.getByRole("button", { name: "Save view" }).click();
    await toast(page, 'Saved the view "Retail for the team"').waitFor();
    await openViews(page);
    await savedView(page, "Retail for the team").getByRole("menuitem", { name: "Lock Retail for the team" }).click();

    const member = await suite.context();
    const account = { username: "casey.agent", password: MEMBER_PASSWORD, email: "casey@example.com" };
    await createMember(admin, member, account);
    await signIn(member, account);
    const agent = await member.newPage();
    await gotoListings(agent);
    await card(agent, office).waitFor();
    await openViews(agent);
    const locked = savedView(agent, "Retail for the team");
    expect(await locked.getByRole("menuitem", { name: "Delete Retail for the team" }).count()).toBe(0);
    expect(await locked.getByRole("menuitem", { name: /^(Lock|Unlock) / }).count()).toBe(0);
    await locked.getByRole("menuitem", { name: "Open Retail for the team (locked)" }).click();
    await eventually(() => workspaceView(agent)).toBe("type=Retail&sort=name-asc");
    await card(agent, retail).waitFor();
    expect(await card(agent, office).count()).toBe(0);

    // Their default opens when Active Listings opens with a bare address.
    await openViews(agent);
    await savedView(agent, "Retail for the team").getByRole("menuitem", { name: "Make Retail for the team the default" }).click();
    await eventually(async () => (await member.request.get("/api/views").then((r) => r.json()))[0].isDefault).toBe(true);
    await agent.goto("/");
    await eventually(() => workspaceView(agent)).toBe("type=Retail&sort=name-asc");
  });

  it("copies a link to the view shown on a phone, which opens the same view", async () => {
    const { context, page } = await signedInPage(suite, { device: "phone", clipboard: true });
    const name = uniqueToken("Shop ");
    await createListing(context, { listingName: name, propertyType: "Retail" });
    await page.goto("/?type=Retail");
    await gotoListingsLoaded(page, name);
    await openViews(page);
    await page.getByRole("menuitem", { name: "Copy link to this view" }).click();
    await toast(page, "Link copied to clipboard").waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(link).search).toBe("?type=Retail&view=grid");
    const other = await context.newPage();
    await other.goto(link);
    await eventually(() => workspaceView(other)).toBe("type=Retail");
  });
});

async function gotoListingsLoaded(page: Page, name: string) {
  await page.getByRole("heading", { name: "Active Listings", level: 1 }).waitFor();
  await card(page, name).waitFor();
}

// Follow-ups and their settings: an admin changes the
// team's quiet days in Settings (a bad number gets its message and changes nothing), the Leads
// page's "Needs follow-up" counts with them; an agent reads the days but cannot change them; each
// member's digest choice saves and stays after a reload. On a desktop and on a phone.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createMember, MEMBER_PASSWORD, signedInPage, signIn } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { createListing, uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { eventually, toast } from "./support/ui";

const savedDays = async (context: BrowserContext) => ((await (await context.request.get("/api/settings/follow-up")).json()) as { days: number }).days;
const digestChosen = async (context: BrowserContext) => ((await (await context.request.get("/api/settings/prospect-digest")).json()) as { enabled: boolean }).enabled;
const followUpSettings = (page: Page) => page.getByTestId("follow-up-settings");
const digestSwitch = (page: Page) => followUpSettings(page).getByRole("switch", { name: "Daily digest email" });

/** Turns the digest on from Settings, and finds it on after a reload. */
async function chooseDigest(page: Page, context: BrowserContext) {
  expect(await digestChosen(context)).toBe(false);
  expect(await digestSwitch(page).getAttribute("aria-checked")).toBe("false");
  await digestSwitch(page).click();
  await eventually(() => digestChosen(context)).toBe(true);
  await page.reload();
  await eventually(() => digestSwitch(page).getAttribute("aria-checked")).toBe("true");
}

describe("follow-ups and their settings", () => {
  const suite = useSuite();

  it("an admin changes the quiet days (a bad number is refused), the Leads page counts with them, and the digest choice saves (desktop)", async () => {
    const { context, page } = await signedInPage(suite);
    const listing = await createListing(context, { listingName: `${uniqueToken("fu")} Dock Street` });
    const added = await context.request.post(`/api/listings/${listing.id}/prospects`, { data: { name: "Fresh Prospect", email: `${uniqueToken("f")}@example.com` } });
    expect(added.status()).toBe(201);

    const before = await savedDays(context);
    await page.goto("/settings");
    const days = followUpSettings(page).getByLabel("Days without activity before a follow-up");
    await eventually(() => days.inputValue()).toBe(String(before));
    await days.fill("0");
    await followUpSettings(page).getByRole("button", { name: "Save days" }).click();
    await followUpSettings(page).getByText("Days must be a whole number from 1 to 90").waitFor();
    expect(await days.getAttribute("aria-invalid")).toBe("true");
    expect(await savedDays(context)).toBe(before);
    await days.fill("3");
    await followUpSettings(page).getByRole("button", { name: "Save days" }).click();
    await toast(page, "Follow-ups after 3 days").waitFor();
    expect(await savedDays(context)).toBe(3);
    expect(await seriousViolations(page, "[data-testid='follow-up-settings']")).toEqual([]);

    await chooseDigest(page, context);
    await screenshot(page, "follow-up-settings-desktop");

    // The Leads page says the team's number, and a prospect touched just now needs nothing yet.
    await page.goto("/leads");
    const section = page.getByRole("heading", { name: /Needs follow-up/ });
    await eventually(() => section.textContent()).toContain("(no activity for 3 days)");
    await page.getByText("Every prospect has had activity in the last 3 days.").waitFor();
  });

  it("an agent reads the quiet days but cannot change them, and chooses the digest by touch (phone)", async () => {
    const { context: admin } = await signedInPage(suite);
    expect((await admin.request.put("/api/settings/follow-up", { data: { days: 5 } })).status()).toBe(200);
    const member = await suite.context({ device: "phone" });
    const account = { username: uniqueToken("agent"), password: MEMBER_PASSWORD, email: `${uniqueToken("agent")}@example.com` };
    await createMember(admin, member, account);
    await signIn(member, account);
    const page = await member.newPage();

    await page.goto("/settings");
    await followUpSettings(page).getByText("A prospect needs a follow-up after 5 days without activity (admins change this).").waitFor();
    expect(await followUpSettings(page).getByRole("button", { name: "Save days" }).count()).toBe(0);
    expect(await followUpSettings(page).getByRole("spinbutton").count()).toBe(0);
    expect((await member.request.put("/api/settings/follow-up", { data: { days: 10 } })).status()).toBe(403);
    expect(await savedDays(member)).toBe(5);

    // The choice is each member's own: off for this agent, whatever the admin chose.
    await digestSwitch(page).scrollIntoViewIfNeeded();
    expect(await digestSwitch(page).getAttribute("aria-checked")).toBe("false");
    await digestSwitch(page).tap();
    await eventually(() => digestChosen(member)).toBe(true);
    await page.reload();
    await eventually(() => digestSwitch(page).getAttribute("aria-checked")).toBe("true");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, "follow-up-settings-phone");
  });
});

// Team administration: an admin manages members and hands out a reset link; a person
// changes their password and signs out another session. On a desktop and on a phone.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createMember, MEMBER_PASSWORD, signIn, signInAsAdmin, type Account } from "./support/accounts";
import { expectPath, screenshot, useSuite, type Suite } from "./support/suite";
import { eventually, expectSignedOutOnNextAction, toast } from "./support/ui";
import { TIMEOUT } from "../testing/timeouts.ts";

const NEW_PASSWORD = "amber kettle beneath quiet hills";
const memberRow = (page: Page, username: string) => page.getByTestId("member-row").filter({ hasText: username });

/** A teammate registered through an invitation, signed in in `context`. */
async function teammate(suite: Suite, admin: BrowserContext, username: string, context?: BrowserContext) {
  const member = context ?? (await suite.context());
  const account = await createMember(admin, member, { username, password: MEMBER_PASSWORD, email: `${username}@example.com` });
  return { member, account: account as Account };
}

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

for (const device of ["desktop", "phone"] as const) {
  describe(`team administration (${device})`, () => {
    const suite = useSuite();

    it("an admin promotes, demotes, deactivates and reactivates a member, and creates a reset link they follow", async () => {
      const admin = await suite.context({ device, clipboard: true });
      await signInAsAdmin(admin);
      const { member, account } = await teammate(suite, admin, `dana-${device}`);
      const memberPage = await member.newPage();
      await memberPage.goto("/");
      await memberPage.getByRole("heading", { name: "Active Listings", level: 1 }).waitFor({ timeout: TIMEOUT.pageCode });

      const page = await admin.newPage();
      await page.goto("/team");
      await page.getByRole("heading", { name: "Members", level: 2 }).waitFor({ timeout: TIMEOUT.pageCode });
      const row = memberRow(page, account.username);
      await row.getByText("Team Member").waitFor();
      await row.getByText("Active", { exact: true }).waitFor();
      await row.getByText(`${account.username}@example.com`).waitFor();
      // The invitation list stays where the spec puts it.
      await page.getByRole("heading", { name: "Invitations", level: 2 }).waitFor();
      if (device === "phone") await fitsThePhone(page);
      await screenshot(page, `team-members-${device}`);

      await row.getByRole("button", { name: `Make admin: ${account.username}` }).click();
      await toast(page, `${account.username} is now an admin`).waitFor();
      await row.getByText("Admin", { exact: true }).waitFor();
      await row.getByRole("button", { name: `Make team member: ${account.username}` }).click();
      await toast(page, `${account.username} is now a team member`).waitFor();
      await row.getByText("Team Member").waitFor();

      await row.getByRole("button", { name: `Deactivate ${account.username}` }).click();
      const confirm = page.getByRole("alertdialog");
      await confirm.getByText(`Deactivate ${account.username}?`).waitFor();
      await confirm.getByRole("button", { name: "Deactivate" }).click();
      await row.getByText("Deactivated").waitFor();
      // The member's browser is signed out at its very next action.
      await expectSignedOutOnNextAction(memberPage);

      await row.getByRole("button", { name: `Reactivate ${account.username}` }).click();
      await row.getByText("Active", { exact: true }).waitFor();

      await row.getByRole("button", { name: `Create reset link for ${account.username}` }).click();
      const dialog = page.getByRole("dialog");
      const link = await dialog.getByTestId("reset-link").inputValue();
      expect(new URL(link).pathname).toBe("/auth");
      expect(new URL(link).searchParams.get("reset")).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await eventually(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await screenshot(page, `team-reset-link-${device}`);
      await dialog.getByRole("button", { name: "Done" }).click();

      // The member follows the link in a fresh browser and is signed in with the new password.
      const resetPage = await suite.page({ device });
      await resetPage.goto(link);
      await resetPage.getByRole("heading", { name: "Set a new password" }).waitFor({ timeout: TIMEOUT.pageCode });
      await resetPage.getByLabel("New password").fill("password1");
      await resetPage.getByRole("button", { name: "Set password and sign in" }).click();
      await resetPage.locator("[id$='-error']").first().waitFor();
      await resetPage.getByLabel("New password").fill(NEW_PASSWORD);
      await resetPage.getByRole("button", { name: "Set password and sign in" }).click();
      await expectPath(resetPage, "/");
      await resetPage.getByRole("heading", { name: "Active Listings", level: 1 }).waitFor({ timeout: TIMEOUT.pageCode });

      // The link is spent.
      const again = await suite.page({ device });
      await again.goto(link);
      await again.getByRole("heading", { name: "Invalid Reset Link" }).waitFor({ timeout: TIMEOUT.pageCode });
      const fresh = await suite.context();
      await signIn(fresh, { username: account.username, password: NEW_PASSWORD });
    });

    it("a person changes their password and signs out another session", async () => {
      const admin = await suite.context();
      await signInAsAdmin(admin);
      const laptop = await suite.context({ device });
      const { account } = await teammate(suite, admin, `erin-${device}`, laptop);
      const other = await suite.context();
      await signIn(other, account);
      const otherPage = await other.newPage();
      await otherPage.goto("/");
      await otherPage.getByRole("heading", { name: "Active Listings", level: 1 }).waitFor({ timeout: TIMEOUT.pageCode });

      const page = await laptop.newPage();
      if (device === "desktop") {
        await page.goto("/");
        await page.getByRole("button", { name: `${account.username} Team Member, account menu` }).click();
        await page.getByRole("menuitem", { name: "Your account" }).click();
      } else {
        await page.goto("/account");
      }
      await page.getByRole("heading", { name: "Your account", level: 1 }).waitFor({ timeout: TIMEOUT.pageCode });
      const sessions = page.getByTestId("session-row");
      await eventually(() => sessions.count()).toBe(2);
      await sessions.filter({ hasText: "This session" }).waitFor();
      if (device === "phone") await fitsThePhone(page);
      await screenshot(page, `account-${device}`);

      await sessions.filter({ hasNotText: "This session" }).getByRole("button", { name: /^Sign out / }).click();
      await toast(page, "Signed out that session").waitFor();
      await eventually(() => sessions.count()).toBe(1);
      await expectSignedOutOnNextAction(otherPage);

      // Another session again, which the password change ends; this one goes on.
      await signIn(other, account);
      await page.getByLabel("Current password").fill("not my password at all");
      await page.getByLabel("New password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Change password" }).click();
      await page.getByText("Current password is incorrect").first().waitFor();
      await page.getByLabel("Current password").fill(MEMBER_PASSWORD);
      await page.getByRole("button", { name: "Change password" }).click();
      await toast(page, "Password changed").waitFor();
      const afterChange = await other.newPage();
      await afterChange.goto("/");
      await expectPath(afterChange, "/auth");
      await page.reload();
      await page.getByRole("heading", { name: "Your account", level: 1 }).waitFor({ timeout: TIMEOUT.pageCode });
      await eventually(() => sessions.count()).toBe(1);

      // Settings: how mentions are emailed.
      await page.goto("/settings");
      const choice = page.getByLabel("Email me when I'm mentioned");
      await choice.waitFor({ timeout: TIMEOUT.pageCode });
      expect(await choice.textContent()).toContain("Right away");
      await choice.click();
      await page.getByRole("option", { name: "Daily digest" }).click();
      await page.getByRole("button", { name: "Save" }).click();
      await eventually(async () => ((await (await page.request.get("/api/settings")).json()) as { mentionEmail: string }).mentionEmail).toBe(
        "digest",
      );
      if (device === "phone") await fitsThePhone(page);
      await page.reload();
      await eventually(async () => (await page.getByLabel("Email me when I'm mentioned").textContent()) ?? "").toContain("Daily digest");
    });
  });
}

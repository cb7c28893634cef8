import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createMember, MEMBER_PASSWORD, signInAsAdmin } from "./support/accounts";
import { expectPath, screenshot, useSuite } from "./support/suite";
import { toast } from "./support/ui";

const row = (page: Page, email: string) => page.getByTestId("invitation-row").filter({ hasText: email });

describe("team invitations", () => {
  const suite = useSuite();

  it("lets an admin invite a teammate who then registers from the link", async () => {
    const admin = await suite.context({ clipboard: true });
    await signInAsAdmin(admin);
    const page = await admin.newPage();
    await page.goto("/team");
    await page.getByRole("heading", { name: "Team Management", level: 1 }).waitFor();

    await page.getByRole("button", { name: "Invite Teammate" }).click();
    const dialog = page.getByRole("dialog");
    const email = dialog.getByLabel("Email");
    expect(await email.getAttribute("type")).toBe("email");
    await email.fill("taylor@example.com");
    await dialog.getByRole("button", { name: "Create Invite Link" }).click();

    await toast(page, "Success!").waitFor();
    const shownLink = await dialog.getByTestId("invite-link").inputValue();
    const copiedLink = await page.evaluate(() => navigator.clipboard.readText());
    expect(copiedLink).toBe(shownLink);
    expect(new URL(shownLink).pathname).toBe("/auth");
    expect(new URL(shownLink).searchParams.get("token")).toBeTruthy();
    await screenshot(page, "team-invite-created-desktop");
    await dialog.getByRole("button", { name: "Done" }).click();
    await row(page, "taylor@example.com").getByText("Pending").waitFor();
    await screenshot(page, "team-list-desktop");

    // The teammate opens the link in their own browser.
    const member = await suite.page();
    await member.goto(shownLink);
    await member.getByRole("heading", { name: "Join your team" }).waitFor();
    const invitedEmail = member.getByLabel("Email");
    expect(await invitedEmail.inputValue()).toBe("taylor@example.com");
    expect(await invitedEmail.getAttribute("readonly")).not.toBeNull();
    await member.getByLabel("Username").fill("taylor");
    await member.getByLabel("Password").fill(MEMBER_PASSWORD);
    await member.getByRole("button", { name: "Create account" }).click();

    await expectPath(member, "/");
    const sidebar = member.getByTestId("desktop-sidebar");
    await sidebar.getByTestId("sidebar-role").getByText("Team Member").waitFor();
    expect(await sidebar.getByTestId("sidebar-username").textContent()).toBe("taylor");
    expect(await sidebar.getByRole("link", { name: "Team" }).count()).toBe(0);
    await sidebar.getByRole("link", { name: "Settings" }).waitFor();

    // A member who types /team is told why there is nothing for them there.
    await member.goto("/team");
    await member.getByText("Only admins can manage the team").waitFor();
    await screenshot(member, "team-member-refused-desktop");

    // The used link is spent.
    await member.goto(shownLink);
    await expectPath(member, "/");

    await page.reload();
    await row(page, "taylor@example.com").getByText("Accepted").waitFor();
    expect(await row(page, "taylor@example.com").getByRole("button", { name: /Copy invite link/ }).count()).toBe(0);
  });

  it("cancels a pending invitation after confirmation", async () => {
    const admin = await suite.context();
    await signInAsAdmin(admin);
    const created = await admin.request.post("/api/invitations", { data: { email: "cancel.me@example.com" } });
    expect(created.status()).toBe(201);
    const { inviteLink } = (await created.json()) as { inviteLink: string };

    const page = await admin.newPage();
    await page.goto("/team");
    const pending = row(page, "cancel.me@example.com");
    await pending.getByText("Pending").waitFor();
    await pending.getByRole("button", { name: "Cancel invitation for cancel.me@example.com" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel Invitation" }).click();

    await toast(page, "Invitation cancelled").waitFor();
    await pending.waitFor({ state: "detached" });

    // Its link no longer works.
    const visitor = await suite.page();
    await visitor.goto(inviteLink);
    await visitor.getByRole("heading", { name: "Invalid Invitation" }).waitFor();
  });

  it("copies a pending invitation's link from the list", async () => {
    const admin = await suite.context({ clipboard: true });
    await signInAsAdmin(admin);
    const created = await admin.request.post("/api/invitations", { data: { email: "copy.me@example.com" } });
    const { inviteLink } = (await created.json()) as { inviteLink: string };

    const page = await admin.newPage();
    await page.goto("/team");
    await row(page, "copy.me@example.com").getByRole("button", { name: "Copy invite link for copy.me@example.com" }).click();
    await toast(page, "copied to clipboard").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(inviteLink);
  });

  it("refuses a second invitation for the same email with the server's reason", async () => {
    const admin = await suite.context();
    await signInAsAdmin(admin);
    await admin.request.post("/api/invitations", { data: { email: "twice@example.com" } });

    const page = await admin.newPage();
    await page.goto("/team");
    await page.getByRole("button", { name: "Invite Teammate" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill("not an email");
    await dialog.getByRole("button", { name: "Create Invite Link" }).click();
    await dialog.getByText("Enter a valid email address").waitFor();

    await dialog.getByLabel("Email").fill("twice@example.com");
    await dialog.getByRole("button", { name: "Create Invite Link" }).click();
    const failure = toast(page, "Failed to create invitation");
    await failure.waitFor();
    expect(await failure.textContent()).toContain("already has a pending invitation");
  });

  it("hides the Team entry from members", async () => {
    const admin = await suite.context();
    await signInAsAdmin(admin);
    const member = await suite.context();
    await createMember(admin, member, { username: "morgan", password: MEMBER_PASSWORD, email: "morgan@example.com" });
    const page = await member.newPage();
    await page.goto("/");
    const sidebar = page.getByTestId("desktop-sidebar");
    await sidebar.getByText("Team Member").waitFor();
    expect(await sidebar.getByRole("link", { name: "Team" }).count()).toBe(0);
  });
});

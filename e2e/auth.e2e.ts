import { beforeEach, describe, expect, it } from "vitest";
import { ADMIN, MEMBER_PASSWORD, signInAsAdmin } from "./support/accounts";
import { expectPath, screenshot, useSuite } from "./support/suite";
import { expectSignedOutOnNextAction } from "./support/ui";

describe("sign-in, sign-out and the /auth page", () => {
  const suite = useSuite();

  // The workspace needs its admin for these journeys; whichever test runs first creates it.
  beforeEach(async () => {
    await signInAsAdmin(await suite.context());
  });

  it("shows 'Login failed' with the server's message for a wrong password", async () => {
    const page = await suite.page();
    await page.goto("/auth");
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    // Setup is done, so the page no longer offers it.
    expect(await page.getByRole("link", { name: "Set up the first admin" }).count()).toBe(0);

    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();

    const toast = page.getByTestId("toast").filter({ hasText: "Login failed" });
    await toast.waitFor();
    expect(await toast.textContent()).toContain("Invalid username or password");
    // The raw "401: {...}" error never reaches the person.
    expect(await toast.textContent()).not.toContain("401");
    await expectPath(page, "/auth");

    // F8 moves focus to the notifications region, where the toast can be dismissed by keyboard.
    await page.keyboard.press("F8");
    expect(await page.evaluate(() => document.activeElement?.closest("[role=region]")?.getAttribute("aria-label"))).toMatch(
      /Notifications/,
    );
    await screenshot(page, "auth-login-failed-desktop");
  });

  it("signs in through the form and out through the account menu", async () => {
    const page = await suite.page();
    await page.goto("/team");
    await expectPath(page, "/auth");

    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expectPath(page, "/");
    await page.getByRole("heading", { name: "Active Listings", level: 1 }).waitFor();

    // Sign out with the keyboard alone: focus the account menu, open it, pick Logout (the last
    // item, after Your account and Settings).
    const sidebar = page.getByTestId("desktop-sidebar");
    await sidebar.getByRole("button", { name: `${ADMIN.username} Admin, account menu` }).focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("role")))
      .toBe("menuitem");
    await page.keyboard.press("End");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Logout");
    await page.keyboard.press("Enter");
    await expectPath(page, "/auth");
    await page.getByRole("heading", { name: "Sign in" }).waitFor();

    await page.goto("/");
    await expectPath(page, "/auth");
    const session = await page.request.get("/api/user");
    expect(session.status()).toBe(401);
  });

  it("returns to the sign-in page with a reason when the session ends elsewhere", async () => {
    const context = await suite.context();
    await signInAsAdmin(context);
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("heading", { name: "Active Listings", level: 1 }).waitFor();

    // Signing out through the API (same cookies) ends the session behind the page's back.
    await context.request.post("/api/logout");
    await expectSignedOutOnNextAction(page, { link: "Team" });
  });

  it("sends a signed-in user from /auth to /", async () => {
    const context = await suite.context();
    await signInAsAdmin(context);
    const page = await context.newPage();
    await page.goto("/auth");
    await expectPath(page, "/");
    await page.getByRole("heading", { name: "Active Listings", level: 1 }).waitFor();
  });

  it("says 'Setup Not Available' once an admin exists", async () => {
    const page = await suite.page();
    await page.goto("/auth?setup=true");
    await page.getByRole("heading", { name: "Setup Not Available" }).waitFor();
    expect(await page.getByLabel("Email").count()).toBe(0);
    await screenshot(page, "auth-setup-not-available-desktop");
    await page.getByRole("link", { name: "Go to sign in" }).click();
    await expectPath(page, "/auth");
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
  });

  it("shows why a registration password is refused under the Password field", async () => {
    const admin = await suite.context();
    await signInAsAdmin(admin);
    const invite = await admin.request.post("/api/invitations", { data: { email: "jamie@example.com" } });
    const { inviteLink } = (await invite.json()) as { inviteLink: string };

    const page = await suite.page();
    await page.goto(inviteLink);
    await page.getByRole("heading", { name: "Join your team" }).waitFor();
    await page.getByLabel("Username").fill("jamie");
    await page.getByLabel("Password").fill("jamie-rocks-2024");
    await page.getByRole("button", { name: "Create account" }).click();
    const password = page.getByLabel("Password");
    await expect.poll(() => password.getAttribute("aria-invalid")).toBe("true");
    const underField = page.locator(`[id="${await password.getAttribute("aria-describedby")}"]`);
    expect(await underField.textContent()).toBe("Password must not contain your username");
    expect(await underField.isVisible()).toBe(true);
    // The server's field message takes focus, so the person can fix it straight away.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("type"))).toBe("password");
    await expectPath(page, "/auth", `?token=${new URL(inviteLink).searchParams.get("token")}`);
    await screenshot(page, "auth-register-weak-password-desktop");

    await password.fill(MEMBER_PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expectPath(page, "/");
  });

  it("says 'Invalid Invitation' for a token that does not exist", async () => {
    const page = await suite.page();
    await page.goto("/auth?token=not-a-real-token");
    await page.getByRole("heading", { name: "Invalid Invitation" }).waitFor();
    await page.getByText("This invitation link is invalid or has already been used.").waitFor();
    expect(await page.getByLabel("Username").count()).toBe(0);
  });

  it("shows '404 Page Not Found' for an unknown path, with a way home", async () => {
    const page = await suite.page();
    await page.goto("/no/such/page");
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    await screenshot(page, "not-found-desktop");
    await page.getByRole("link", { name: "Back to Active Listings" }).click();
    // Home is protected: a signed-out visitor ends on the sign-in page.
    await expectPath(page, "/auth");
  });
});

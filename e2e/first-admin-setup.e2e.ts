import { describe, expect, it } from "vitest";
import { setupCodeFor } from "../server/features/auth/setup-code";
import { expectPath, screenshot, useSuite } from "./support/suite";

// Known here, so the test can build the link with the code that the server prints at start.
const SESSION_SECRET = "first-admin-setup-e2e-secret-0123456789abcdef";

// A file of its own: setup works once per workspace, and this server starts empty.
describe("first-admin setup", () => {
  const suite = useSuite({ serverEnv: { SESSION_SECRET } });

  it("asks another machine for the setup link's code, and shows why a password is refused (phone)", async () => {
    // "Another machine": the request arrives through a proxy, as it would from elsewhere.
    const context = await suite.context({ device: "phone" });
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": "203.0.113.7" });
    const page = await context.newPage();
    const fill = async () => {
      await page.getByLabel("Username").fill("remote.setup");
      await page.getByLabel("Email").fill("remote@example.com");
      await page.getByLabel("Password").fill("password123");
      await page.getByRole("button", { name: "Create admin account" }).click();
    };

    await page.goto("/auth?setup=true");
    await page.getByRole("heading", { name: "Set up your workspace" }).waitFor();
    await fill();
    await page.getByTestId("toast").filter({ hasText: "open the setup link the server printed" }).waitFor();
    await expectPath(page, "/auth", "?setup=true");

    // With the link the server printed, the code is accepted and the password judged next: the
    // reason shows under the Password field.
    await page.goto(`/auth?setup=true&code=${setupCodeFor(SESSION_SECRET)}`);
    await page.getByRole("heading", { name: "Set up your workspace" }).waitFor();
    await fill();
    const password = page.getByLabel("Password");
    await expect.poll(() => password.getAttribute("aria-invalid")).toBe("true");
    // The message under the field is the one the field points screen readers to.
    const underField = page.locator(`[id="${await password.getAttribute("aria-describedby")}"]`);
    expect(await underField.textContent()).toContain("This is a commonly used password.");
    expect(await underField.isVisible()).toBe(true);
    await screenshot(page, "auth-setup-weak-password-phone");
    // Nothing was created.
    expect(await (await context.request.get("/api/needs-setup")).json()).toEqual({ needsSetup: true });
  });

  it("takes a new workspace from / through setup to the signed-in app", async () => {
    const page = await suite.page();
    await page.goto("/");
    await expectPath(page, "/auth");

    // The sign-in page points a brand-new workspace at setup, and advertises the four features.
    for (const feature of ["Property Management", "AI-Generated Marketing", "Team Management", "CSV Import/Export"]) {
      await page.getByRole("heading", { name: feature }).waitFor();
    }
    await screenshot(page, "auth-login-new-workspace-desktop");
    await page.getByRole("link", { name: "Set up the first admin" }).click();
    await expectPath(page, "/auth", "?setup=true");
    await page.getByRole("heading", { name: "Set up your workspace" }).waitFor();

    // As you go: a field left empty says so when you move on, Email like the others.
    await page.getByLabel("Email").focus();
    await page.getByLabel("Password").focus();
    await page.getByText("Email is required").waitFor();
    // Every field is required: an empty submit explains each one and sends nothing.
    await page.getByRole("button", { name: "Create admin account" }).click();
    await page.getByText("Username is required").waitFor();
    await page.getByText("Email is required").waitFor();
    expect(await page.getByLabel("Password").getAttribute("aria-invalid")).toBe("true");

    await page.getByLabel("Username").fill("sam.setup");
    await page.getByLabel("Email").fill("sam@example.com");
    await page.getByLabel("Password").fill("a-long-enough-password");
    expect(await page.getByLabel("Password").getAttribute("type")).toBe("password");
    await page.getByRole("button", { name: "Create admin account" }).click();

    await expectPath(page, "/");
    await page.getByRole("heading", { name: "Active Listings", level: 1 }).waitFor();
    const sidebar = page.getByTestId("desktop-sidebar");
    expect(await sidebar.getByTestId("sidebar-username").textContent()).toBe("sam.setup");
    expect(await sidebar.getByTestId("sidebar-role").textContent()).toBe("Admin");
    // Admins see the Team entry.
    await sidebar.getByRole("link", { name: "Team" }).waitFor();
    await screenshot(page, "app-active-listings-desktop");

    // The session survives a reload.
    await page.reload();
    await page.getByRole("heading", { name: "Active Listings", level: 1 }).waitFor();
    expect(await page.getByRole("link", { name: "Set up the first admin" }).count()).toBe(0);
  });
});

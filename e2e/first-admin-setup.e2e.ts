import { describe, expect, it } from "vitest";
import { expectPath, screenshot, useSuite } from "./support/suite";

// A file of its own: setup works once per workspace, and this server starts empty.
describe("first-admin setup", () => {
  const suite = useSuite();

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

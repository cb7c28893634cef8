import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../shared/constants";
import type { UserSettings } from "../shared/schema";
import { signedInPage } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { createAgent, createListing, getListing, uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { card, toast } from "./support/ui";
import { TIMEOUT } from "../testing/timeouts.ts";

const agentRow = (page: Page, name: string) =>
  page.getByTestId("agent-row").filter({ has: page.getByTestId("agent-name").getByText(name, { exact: true }) });

async function searchAgents(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Search agents" }).fill(text);
}

// One server for both pages: each start costs seconds on a shared machine.
describe("agents and settings", () => {
  const suite = useSuite();

  describe("agents", () => {
    it("adds, edits, finds and deletes an agent, unassigning its listings", async () => {
      const { context, page } = await signedInPage(suite);
      const name = `Jordan ${uniqueToken("ag")}`;
      await createAgent(context, `Other ${uniqueToken("ag")}`);
      await page.goto("/agents");
      await page.getByRole("heading", { name: "Agents", level: 1 }).waitFor();

      await page.getByRole("button", { name: "Add Agent" }).first().click();
      let dialog = page.getByRole("dialog", { name: "Add Agent" });
      expect(await dialog.getByRole("textbox", { name: "Email" }).getAttribute("type")).toBe("email");
      expect(await dialog.getByRole("textbox", { name: "Phone" }).getAttribute("type")).toBe("tel");
      await dialog.getByRole("button", { name: "Add Agent" }).click();
      await dialog.getByText("Name is required").waitFor();
      expect(await dialog.getByRole("textbox", { name: "Name" }).getAttribute("aria-invalid")).toBe("true");

      await dialog.getByRole("textbox", { name: "Name" }).fill(name);
      await dialog.getByRole("textbox", { name: "Email" }).fill("not-an-email");
      await dialog.getByRole("button", { name: "Add Agent" }).click();
      await dialog.getByText("Enter a valid email address").waitFor();
      await dialog.getByRole("textbox", { name: "Email" }).fill("jordan@example.com");
      await dialog.getByRole("textbox", { name: "Phone" }).fill("(304) 555-0101");
      await screenshot(page, "agents-add-dialog-desktop");
      await dialog.getByRole("button", { name: "Add Agent" }).click();
      const created = toast(page, "Agent created successfully");
      await created.waitFor();
      expect(await created.textContent()).toContain("Success!");
      await dialog.waitFor({ state: "detached" });
      const row = agentRow(page, name);
      await row.getByText("jordan@example.com").waitFor();
      expect(await row.getByTestId("agent-listing-count").textContent()).toBe("0 listings");

      // Its listings count on the badge.
      const agents = (await (await context.request.get("/api/agents")).json()) as { id: string; name: string }[];
      const agentId = agents.find((a) => a.name === name)!.id;
      const listing = await createListing(context, { agentId });
      await createListing(context, { agentId, isActive: false });
      await page.reload();
      expect(await agentRow(page, name).getByTestId("agent-listing-count").textContent()).toBe("2 listings");
      await screenshot(page, "agents-list-desktop");

      // Search by name, then by email.
      await searchAgents(page, name.split(" ")[1]!.toUpperCase());
      await expect.poll(() => page.getByTestId("agent-row").count()).toBe(1);
      await searchAgents(page, "jordan@example");
      await agentRow(page, name).waitFor();
      await searchAgents(page, "nobody-has-this");
      await page.getByText("No agents found").waitFor();
      await page.getByRole("button", { name: "Clear search" }).first().click();
      await expect.poll(() => page.getByTestId("agent-row").count()).toBeGreaterThan(1);

      // Edit: the form opens with the agent's values.
      await agentRow(page, name).getByRole("button", { name: `Edit ${name}` }).click();
      dialog = page.getByRole("dialog", { name: "Edit Agent" });
      expect(await dialog.getByRole("textbox", { name: "Phone" }).inputValue()).toBe("(304) 555-0101");
      await dialog.getByRole("textbox", { name: "Name" }).fill(`${name} Jr`);
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await toast(page, "Agent updated successfully").waitFor();
      await agentRow(page, `${name} Jr`).waitFor();
      expect((await getListing(context, listing.id)).agentName).toBe(`${name} Jr`);

      // Delete: confirmation first; Cancel keeps the agent.
      await agentRow(page, `${name} Jr`).getByRole("button", { name: `Delete ${name} Jr` }).click();
      let confirm = page.getByRole("alertdialog");
      await confirm.getByText("Any listings assigned to this agent will become unassigned").waitFor();
      await screenshot(page, "agents-delete-confirm-desktop");
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await confirm.waitFor({ state: "detached" });
      await agentRow(page, `${name} Jr`).waitFor();

      await agentRow(page, `${name} Jr`).getByRole("button", { name: `Delete ${name} Jr` }).click();
      confirm = page.getByRole("alertdialog");
      await confirm.getByRole("button", { name: "Delete" }).click();
      await toast(page, "Agent deleted successfully").waitFor();
      await agentRow(page, `${name} Jr`).waitFor({ state: "detached" });
      const after = await getListing(context, listing.id);
      expect(after.agentId).toBeNull();
      expect(after.agentName).toBeNull();
    });

    it("shows the empty state and loading skeletons", async () => {
      const { page } = await signedInPage(suite);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/api/agents", async (route) => {
        await held;
        await route.fulfill({ json: [] });
      });
      await page.goto("/agents");
      await page.getByLabel("Loading agents").waitFor();
      release();
      await page.getByText("No agents yet").waitFor();
      await screenshot(page, "agents-empty-desktop");
      await page.getByRole("button", { name: "Add Agent" }).last().click();
      await page.getByRole("dialog", { name: "Add Agent" }).waitFor();
    });

    it("works on a phone", async () => {
      const { context, page } = await signedInPage(suite, { device: "phone" });
      const name = `Phone ${uniqueToken("ag")}`;
      await createAgent(context, `Casey ${uniqueToken("ag")}`);
      await page.goto("/agents");
      await page.getByRole("button", { name: "Add Agent" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Add Agent" });
      await dialog.getByRole("textbox", { name: "Name" }).fill(name);
      await dialog.getByRole("textbox", { name: "Phone" }).fill("304-555-0199");
      await dialog.getByRole("button", { name: "Add Agent" }).click();
      await toast(page, "Agent created successfully").waitFor();
      const row = agentRow(page, name);
      await row.getByText("304-555-0199").waitFor();
      const box = await row.getByRole("button", { name: `Delete ${name}` }).boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, "agents-list-phone");
    });

    it("has no serious accessibility problems on the page and in its dialogs", async () => {
      const { context, page } = await signedInPage(suite);
      await createAgent(context, `Axe ${uniqueToken("ag")}`);
      await page.goto("/agents");
      await page.getByTestId("agent-row").first().waitFor();
      // The page itself; the app shell has its own checks.
      expect(await seriousViolations(page, "main")).toEqual([]);
      await page.getByRole("button", { name: "Add Agent" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Add Agent" });
      await dialog.getByRole("button", { name: "Add Agent" }).click();
      await dialog.getByText("Name is required").waitFor();
      expect(await seriousViolations(page, "[role='dialog']")).toEqual([]);
    });
  });

  describe("settings", () => {
    async function saveViaApi(page: Page, values: Partial<UserSettings>) {
      const res = await page.context().request.patch("/api/settings", { data: values });
      expect(res.status(), await res.text()).toBe(200);
    }

    const colourField = (page: Page, category: string) => page.getByRole("textbox", { name: `${category} colour`, exact: true });
    const picker = (page: Page, category: string) => page.getByLabel(`${category} colour picker`);

    it("saves colours and the border toggle, keeps them after a reload and paints the listing badges", async () => {
      const { context, page } = await signedInPage(suite);
      await saveViaApi(page, DEFAULT_SETTINGS);
      const name = `${uniqueToken("col")} Painted`;
      await createListing(context, { listingName: name, marketingCategory: "Double" });

      await page.goto("/settings");
      await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
      expect(await colourField(page, "Double").inputValue()).toBe("#3B82F6");
      expect(await picker(page, "Grand Slam").inputValue()).toBe("#ffd700");
      const save = page.getByRole("button", { name: "Save", exact: true });
      expect(await save.isDisabled()).toBe(true);

      await colourField(page, "Double").fill("#12");
      await save.click();
      await page.getByText("Double colour must be a colour like #RRGGBB").waitFor();
      expect(await colourField(page, "Double").evaluate((el) => el === document.activeElement)).toBe(true);

      await colourField(page, "Double").fill("#8b5cf6");
      expect(await colourField(page, "Double").inputValue()).toBe("#8B5CF6");
      expect(await picker(page, "Double").inputValue()).toBe("#8b5cf6");
      await picker(page, "Homerun").fill("#ff8800");
      expect(await colourField(page, "Homerun").inputValue()).toBe("#FF8800");
      await page.getByRole("switch", { name: "Coloured card borders" }).click();
      await page.getByText("Unsaved changes.").waitFor();
      await screenshot(page, "settings-edited-desktop");
      await save.click();
      const saved = toast(page, "Settings saved successfully");
      await saved.waitFor();
      expect(await saved.textContent()).toContain("Success!");
      await expect.poll(() => save.isDisabled()).toBe(true);

      await page.reload();
      expect(await colourField(page, "Double").inputValue()).toBe("#8B5CF6");
      expect(await picker(page, "Homerun").inputValue()).toBe("#ff8800");
      expect(await page.getByRole("switch", { name: "Coloured card borders" }).getAttribute("aria-checked")).toBe("false");

      // The listing's card shows the new colour on its category badge.
      await page.goto("/");
      const badge = card(page, name).getByTestId("category-badge");
      await badge.waitFor();
      expect(await badge.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(139, 92, 246)");
    });

    it("resets to the defaults, which are kept once saved", async () => {
      const { page } = await signedInPage(suite);
      await saveViaApi(page, { singleColor: "#000000", grandSlamColor: "#123456", enableCardShadow: false });
      await page.goto("/settings");
      expect(await colourField(page, "Single").inputValue()).toBe("#000000");

      await page.getByRole("button", { name: "Reset to Defaults" }).click();
      for (const [category, colour] of [
        ["Single", "#9CA3AF"],
        ["Double", "#3B82F6"],
        ["Triple", "#10B981"],
        ["Homerun", "#EF4444"],
        ["Grand Slam", "#FFD700"],
      ]) {
        expect(await colourField(page, category!).inputValue()).toBe(colour);
      }
      expect(await page.getByRole("switch", { name: "Coloured card borders" }).getAttribute("aria-checked")).toBe("true");
      // Not saved until Save: a stray click on Reset loses nothing.
      const stored = await (await page.context().request.get("/api/settings")).json();
      expect(stored.singleColor).toBe("#000000");

      await page.getByRole("button", { name: "Save", exact: true }).click();
      await toast(page, "Settings saved successfully").waitFor();
      await page.reload();
      expect(await colourField(page, "Single").inputValue()).toBe("#9CA3AF");
      expect(await (await page.context().request.get("/api/settings")).json()).toEqual(DEFAULT_SETTINGS);
    });

    it("retries the load three times, then offers a refresh", async () => {
      const { page } = await signedInPage(suite);
      let calls = 0;
      await page.route("**/api/settings", (route) => {
        calls += 1;
        return route.fulfill({ status: 500, json: { message: "Something went wrong" } });
      });
      await page.goto("/settings");
      await page.getByText("Error Loading Settings").waitFor({ timeout: TIMEOUT.appTimers });
      expect(calls).toBe(4);
      await screenshot(page, "settings-error-desktop");

      await page.unroute("**/api/settings");
      await page.getByRole("button", { name: "Refresh Page" }).click();
      await colourField(page, "Single").waitFor();
    });

    it("fails to save with the spec's message", async () => {
      const { page } = await signedInPage(suite);
      await saveViaApi(page, DEFAULT_SETTINGS);
      await page.goto("/settings");
      await colourField(page, "Triple").fill("#000000");
      await page.route("**/api/settings", (route) =>
        route.request().method() === "PATCH" ? route.fulfill({ status: 500, body: "" }) : route.continue(),
      );
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await toast(page, "Failed to save settings").waitFor();
      // What was typed stays, to try again.
      expect(await colourField(page, "Triple").inputValue()).toBe("#000000");
    });

    it("is usable on a phone, with Save in reach", async () => {
      const { page } = await signedInPage(suite, { device: "phone" });
      await saveViaApi(page, DEFAULT_SETTINGS);
      await page.goto("/settings");
      await colourField(page, "Single").fill("#222222");
      const save = page.getByRole("button", { name: "Save", exact: true });
      const box = await save.boundingBox();
      expect(box!.y + box!.height).toBeLessThanOrEqual(844);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, "settings-phone");
      await save.click();
      await toast(page, "Settings saved successfully").waitFor();
    });

    it("has no serious accessibility problems", async () => {
      const { page } = await signedInPage(suite);
      await saveViaApi(page, DEFAULT_SETTINGS);
      await page.goto("/settings");
      await colourField(page, "Single").waitFor();
      // The page itself; the app shell has its own checks.
      expect(await seriousViolations(page, "main")).toEqual([]);
    });
  });
});

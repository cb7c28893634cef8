// The app's address in Settings: the admin sees that links
// point where the app was set up from, a bad address gets its message and changes nothing, a
// good one is saved and said; an agent reads it and cannot change it.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createMember, MEMBER_PASSWORD, signedInPage, signIn } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { eventually, toast } from "./support/ui";

const card = (page: Page) => page.getByTestId("app-address-settings");
const saved = async (context: BrowserContext) => ((await (await context.request.get("/api/settings/app-address")).json()) as { inEffect: string | null; chosen: string | null });

describe("the app's address", () => {
  const suite = useSuite();

  it("an admin sets where links point (a bad address is refused); an agent only reads it", async () => {
    const { context, page } = await signedInPage(suite);
    const setup = (await saved(context)).inEffect;
    expect(setup).toMatch(/^http:\/\/(127\.0\.0\.1|localhost):\d+$/);
    await page.goto("/settings");
    await card(page).getByText(`Links point to ${setup}, the address the app was set up from.`).waitFor();

    const field = card(page).getByLabel("App address");
    await field.fill("desk.example.com/app");
    await card(page).getByRole("button", { name: "Save address" }).click();
    await card(page).getByText("App address must be the app's address as people open it, like https://desk.example.com").waitFor();
    expect((await saved(context)).chosen).toBeNull();
    await field.fill("https://desk.example.com");
    await card(page).getByRole("button", { name: "Save address" }).click();
    await toast(page, "App address saved: https://desk.example.com").waitFor();
    await card(page).getByText("Links point to https://desk.example.com.").waitFor();
    expect(await seriousViolations(page, "[data-testid='app-address-settings']")).toEqual([]);
    await screenshot(page, "app-address-settings");

    const member = await suite.context({ device: "phone" });
    const account = { username: uniqueToken("agent"), password: MEMBER_PASSWORD, email: `${uniqueToken("agent")}@example.com` };
    await createMember(context, member, account);
    await signIn(member, account);
    const agentPage = await member.newPage();
    await agentPage.goto("/settings");
    await card(agentPage).getByText("Links point to https://desk.example.com.").waitFor();
    await card(agentPage).getByText("Admins change this.").waitFor();
    expect(await card(agentPage).getByRole("button", { name: "Save address" }).count()).toBe(0);

    // Back to the setup address, as the next test of this server expects.
    await eventually(async () => (await context.request.put("/api/settings/app-address", { data: { address: "" } })).status()).toBe(200);
  });
});

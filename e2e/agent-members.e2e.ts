// Agents are members: an admin links an agent profile to
// the member with the same email, suggested on the Agents page, and the Team page names it
// (desktop); that member, on a phone,
// finds the profile in Your account and opens the built-in view "My listings" with the agent's
// listing and no other.
import { describe, expect, it } from "vitest";
import { createMember, MEMBER_PASSWORD, signedInPage, signIn } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { createAgent, createListing, uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { card, cards, eventually } from "./support/ui";

describe("agents are members", () => {
  const suite = useSuite();

  it("an admin links the suggested member; that member's My listings holds the agent's listing (desktop, then phone)", async () => {
    const { context: admin, page } = await signedInPage(suite);
    const email = `${uniqueToken("marcus")}@example.com`;
    const account = { username: uniqueToken("marcus"), password: MEMBER_PASSWORD, email };
    const phone = await suite.context({ device: "phone" });
    await createMember(admin, phone, account);
    const agentName = `Marcus Reed ${uniqueToken("")}`;
    const agent = await createAgent(admin, agentName, { email });
    const mine = await createListing(admin, { listingName: `${uniqueToken("m")} Harbor Point`, agentId: agent.id });
    const other = await createListing(admin, { listingName: `${uniqueToken("o")} Quarry Road` });

    await page.goto("/agents");
    const row = page.getByTestId("agent-row").filter({ hasText: agentName });
    await row.getByText(`Suggested member: ${account.username} (same email)`).waitFor();
    await row.getByRole("button", { name: `Link ${agentName} to a member` }).click();
    const dialog = page.getByTestId("link-member-dialog");
    expect(await dialog.getByLabel("Member").inputValue()).not.toBe("");
    expect(await seriousViolations(page, "[data-testid='link-member-dialog']")).toEqual([]);
    await dialog.getByRole("button", { name: "Link member" }).click();
    await row.getByText(`Member: ${account.username}`).waitFor();
    await screenshot(page, "agent-linked-desktop");
    // The Team page names each member's profile too.
    await page.goto("/team");
    await page.getByTestId("member-row").filter({ hasText: account.username }).getByText(`Agent profile: ${agentName}`).waitFor();

    await signIn(phone, account);
    const mobile = await phone.newPage();
    // The alert's choice held back: until it is read the page shows no switch, not one that says off.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await mobile.route("**/api/settings/inquiry-alerts", async (route) => {
      await held;
      await route.continue();
    });
    await mobile.goto("/account");
    await mobile.getByTestId("my-agent-profile").getByText(`You are the agent “${agentName}” (1 listing).`, { exact: false }).waitFor();
    const alertSwitch = mobile.getByRole("switch", { name: "Inquiries about my listings" });
    expect(await alertSwitch.count()).toBe(0);
    release();
    expect(await alertSwitch.getAttribute("aria-checked")).toBe("true");
    await mobile.unroute("**/api/settings/inquiry-alerts");
    expect(await seriousViolations(mobile, "[data-testid='my-agent-profile']")).toEqual([]);

    await mobile.goto("/");
    await card(mobile, other.listingName).waitFor();
    await mobile.getByRole("button", { name: "Views" }).click();
    await mobile.getByRole("menuitem", { name: "Open My listings" }).click();
    await eventually(() => new URL(mobile.url()).searchParams.get("agent")).toBe("mine");
    await card(mobile, mine.listingName).waitFor();
    await eventually(() => cards(mobile).count()).toBe(1);
    await screenshot(mobile, "my-listings-phone");
  });
});

// Campaigns, on a desktop and a phone, with a real SMTP server on loopback: a member starts a
// campaign from a listing (its marketing panel's "New campaign", or "Email this listing"), is refused while the brokerage has no postal
// address (the server's words on the page), sees the listing card in the preview at both widths, picks a contact, sends a test to themself, sends; the contact's message carries the
// one-click unsubscribe headers and a link whose page (GET) only asks; pressing its button
// unsubscribes, and the Contacts page shows it; the listing's marketing panel lists the campaign
// with its counts and opens it.
import { afterAll, describe, expect, it } from "vitest";
import { startTestSmtpServer } from "../server/integrations/mail/test-smtp-server";
import { TIMEOUT } from "../testing/timeouts";
import { ADMIN, signedInPage } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { createListing, uniqueToken } from "./support/listings";
import { expectPath, screenshot, useSuite } from "./support/suite";
import { smallTapTargets } from "./support/tap-targets";
import { eventually } from "./support/ui";

const smtp = await startTestSmtpServer();
afterAll(() => smtp.close());

const mailTo = (to: string, subject: string) => smtp.received.filter((m) => m.envelopeTo.includes(to) && (m.parsed.subject ?? "").includes(subject));

describe("campaigns", () => {
  const suite = useSuite({ serverEnv: { SMTP_URL: smtp.url, MAIL_FROM: "Listing Desk <desk@example.com>" } });

  for (const device of ["desktop", "phone"] as const) {
    it(
      `builds a campaign from a listing, previews, test-sends and sends it; the recipient unsubscribes (${device})`,
      async () => {
        const { context, page } = await signedInPage(suite, { device });
        // No postal address yet: the page warns and shows the server's refusal as it says it.
        const setAddress = async (address: string) => expect((await context.request.put("/api/brand", { data: { brokerageName: "Desk Realty", address } })).ok()).toBe(true);
        await setAddress("");
        const email = `${uniqueToken("buyer")}@example.com`;
        const contactName = `Robin ${uniqueToken("r")}`;
        expect((await context.request.post("/api/contacts", { data: { name: contactName, email } })).status()).toBe(201);
        const listingName = `${uniqueToken("m")} Harbor Point Plaza`;
        const listing = await createListing(context, { listingName });

        // From the listing, a new campaign about it: its marketing panel has none yet, and offers one
        // (the desktop goes in through it, the phone through "Email this listing").
        await page.goto(`/listings/${listing.id}`);
        const listingCampaigns = page.getByTestId("listing-campaigns");
        await listingCampaigns.getByText("No campaign has been sent or scheduled about this listing.", { exact: false }).waitFor();
        if (device === "desktop") await listingCampaigns.getByRole("link", { name: "New campaign" }).click();
        else await page.getByTestId("email-listing-link").click();
        await expectPath(page, "/campaigns/new", `?listing=${listing.id}&name=${encodeURIComponent(listingName).replace(/%20/g, "+")}`);
        await expect.poll(() => page.getByLabel("Campaign name").inputValue()).toBe(listingName);
        await page.getByRole("button", { name: "Create draft" }).click();
        await page.getByRole("heading", { level: 1, name: listingName }).waitFor({ timeout: TIMEOUT.pageCode });
        await expect.poll(() => page.getByTestId("campaign-status").textContent()).toBe("Draft");
        const noAddress = "Add the brokerage's postal address in Brand settings first: every campaign message must carry it.";
        await page.getByRole("note").filter({ hasText: noAddress }).waitFor();
        await page.getByRole("button", { name: "Send now", exact: true }).click();
        await page.getByRole("alertdialog").getByRole("button", { name: "Send now" }).click();
        await page.getByRole("alert").filter({ hasText: noAddress }).waitFor();
        expect((await (await context.request.get("/api/campaigns")).json()).find((c: { name: string }) => c.name === listingName)?.status).toBe("draft");
        await setAddress("1 Main St, Springfield, IL 62701");
        await page.reload();
        await page.getByRole("heading", { level: 1, name: listingName }).waitFor({ timeout: TIMEOUT.pageCode });

        // The preview shows the listing card, at a desktop mail client's width and a phone's.
        const preview = page.frameLocator("[data-testid=campaign-preview]");
        await preview.getByRole("heading", { name: listingName }).waitFor();
        await preview.getByText("1 Main St, Springfield, IL 62701").waitFor();
        expect(await page.getByRole("note").count()).toBe(0);
        await page.getByRole("button", { name: "Phone" }).click();
        await page.locator("[data-testid=campaign-preview][data-width=phone]").waitFor();
        await preview.getByRole("heading", { name: listingName }).waitFor();

        // The audience: one contact, found by email; the server counts whom it reaches.
        await page.getByRole("searchbox", { name: "Find a contact" }).fill(email);
        await page.getByRole("button", { name: `Add ${contactName}` }).click();
        await page.getByTestId("campaign-reach").filter({ hasText: "Reaches 1 contact now" }).waitFor();
        // Opens are off unless asked for; asked for, they come with their warning.
        await page.getByRole("checkbox", { name: "Count opens" }).click();
        await page.getByRole("button", { name: "Save draft" }).click();
        await page.getByText("Saved", { exact: true }).waitFor();
        // Opened again, the saved audience names its contact.
        await page.reload();
        await page.getByRole("list", { name: "Chosen contacts" }).getByText(`${contactName} (${email})`).waitFor({ timeout: TIMEOUT.pageCode });
        // The preview's frame runs no scripts, so axe checks the page around it.
        expect(await seriousViolations(page, "main", "[data-testid=campaign-preview]")).toEqual([]);
        await screenshot(page, `campaign-editor-${device}`);
        if (device === "phone") expect(await smallTapTargets(page)).toEqual([]);

        // A test to oneself: "[Test]" before the subject.
        await expect.poll(() => page.getByLabel("Send a test to").inputValue()).toBe(ADMIN.email);
        await page.getByRole("button", { name: "Send test" }).click();
        await page.getByRole("status").filter({ hasText: `A test is on its way to ${ADMIN.email}` }).waitFor();
        await eventually(() => mailTo(ADMIN.email, `[Test] ${listingName}`).length).toBe(1);

        // Send now, confirmed; the page follows the send to its end.
        await page.getByRole("button", { name: "Send now", exact: true }).click();
        await page.getByRole("alertdialog").getByRole("button", { name: "Send now" }).click();
        await expect.poll(() => page.getByTestId("campaign-status").textContent(), { timeout: TIMEOUT.appTimers }).toBe("Sent");
        await expect.poll(() => page.locator("[data-count=delivered]").textContent()).toBe("1");

        // The recipient's message: the RFC 8058 headers and a visible unsubscribe link.
        await eventually(() => mailTo(email, listingName).length).toBe(1);
        const [message] = mailTo(email, listingName);
        expect(message.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
        expect(message.parsed.text).toContain(listingName);
        const unsubscribePath = /\/u\/[0-9a-z]+\.[A-Za-z0-9_-]+/.exec(message.parsed.text ?? "")?.[0];
        expect(unsubscribePath).toBeDefined();

        // The recipient's mail client loads the message's pictures: the open shows on the
        // campaign's page as it happens (the event stream), labelled unreliable.
        const recipientContext = await suite.context({ device });
        const pixelPath = /\/o\/[0-9a-z]+\.[A-Za-z0-9_-]+/.exec(String(message.parsed.html))?.[0];
        expect((await recipientContext.request.get(pixelPath!)).headers()["content-type"]).toBe("image/gif");
        await expect.poll(() => page.locator("[data-count=opens]").textContent()).toBe("1");
        await page.getByText("Opens are unreliable", { exact: false }).waitFor();

        // Signed out, on the same kind of device: the page asks; only its button unsubscribes.
        const recipient = await recipientContext.newPage();
        await recipient.goto(unsubscribePath!);
        await recipient.getByRole("heading", { name: "Unsubscribe" }).waitFor();
        const [before] = (await (await context.request.get(`/api/contacts?q=${encodeURIComponent(email)}`)).json()) as { status: string }[];
        expect(before.status).toBe("subscribed");
        expect(await seriousViolations(recipient)).toEqual([]);
        await recipient.getByRole("button", { name: "Unsubscribe" }).click();
        await recipient.getByRole("heading", { name: "You are unsubscribed" }).waitFor();

        // The Contacts page shows it, and the campaign counts it.
        await page.goto(`/contacts?q=${encodeURIComponent(email)}`);
        await page
          .getByTestId(device === "desktop" ? "contact-row" : "contact-card")
          .filter({ hasText: email })
          .filter({ hasText: "unsubscribed" })
          .waitFor();
        await page.goto("/campaigns");
        const row = page.getByTestId("campaign-row").filter({ hasText: listingName });
        await row.filter({ hasText: "Sent" }).waitFor();
        await expect.poll(() => row.locator("[data-count=unsubscribed]").textContent()).toBe("1");
        if (device === "phone") expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

        // The listing's marketing panel shows the campaign with its counts, and opens it.
        await page.goto(`/listings/${listing.id}`);
        const shownCampaign = page.getByTestId("listing-campaign").filter({ hasText: listingName });
        await shownCampaign.filter({ hasText: "Sent" }).waitFor();
        await expect.poll(() => shownCampaign.locator("[data-count=delivered]").textContent()).toBe("1");
        await expect.poll(() => shownCampaign.locator("[data-count=unsubscribed]").textContent()).toBe("1");
        expect(await shownCampaign.locator("[data-count=machineClicks]").textContent()).toBe("0");
        await listingCampaigns.getByText("Machine clicks are link scanners and previews", { exact: false }).waitFor();
        await screenshot(page, `listing-campaigns-${device}`);
        if (device === "phone") expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await shownCampaign.getByRole("link", { name: listingName }).click();
        await page.getByRole("heading", { level: 1, name: listingName }).waitFor({ timeout: TIMEOUT.pageCode });
        await expect.poll(() => page.getByTestId("campaign-status").textContent()).toBe("Sent");
      },
      TIMEOUT.longBrowserTest,
    );
  }
});

// The lead loop end to end, as a buyer and the listing's agent live it: the agent profile "Marcus
// Reed" is linked to Marcus's member account; a buyer on a phone, signed out, sends an inquiry from
// the public page, which promises that Marcus will be in touch; Marcus, signed in on his desktop,
// sees the bell change without a reload, opens the notification on the lead's page, reads the whole
// message and moves the lead to Toured. The alert email (read from a real SMTP server on loopback)
// links the same page, which opens after sign-in. Setting the listing Under Contract shows on the
// public page at once.
import { afterAll, describe, expect, it } from "vitest";
import { startTestSmtpServer } from "../server/integrations/mail/test-smtp-server";
import { signInAsAdmin } from "./support/accounts";
import { uniqueToken } from "./support/listings";
import { agentsPublishedListing } from "./support/public-page";
import { expectPath, screenshot, useSuite } from "./support/suite";
import { eventually } from "./support/ui";

const smtp = await startTestSmtpServer();
afterAll(() => smtp.close());

const MESSAGE = "Please send the rent roll, T-12 and OM.\nWe are a 1031 buyer and can close in 45 days.";

describe("the lead loop", () => {
  const suite = useSuite({ serverEnv: { SMTP_URL: smtp.url, MAIL_FROM: "Listing Desk <desk@example.com>" } });

  it("a signed-out buyer's inquiry reaches the linked agent by bell and email, and the agent moves the lead to Toured", async () => {
    const admin = await suite.context();
    await signInAsAdmin(admin);
    // The profile is Marcus's; his listing is published.
    const agentDesk = await suite.context({ device: "desktop" });
    const { marcus, agentName, listing, listingName, pagePath } = await agentsPublishedListing(admin, agentDesk, {
      name: `${uniqueToken("loop")} Riverside Office`,
      askingPrice: 3_200_000,
    });

    // Marcus is at his desk, on the listings.
    const desk = await agentDesk.newPage();
    await desk.goto("/");
    const unread = desk.getByTestId("desktop-sidebar").getByRole("button", { name: /^Notifications, \d+ unread/ });
    expect(await unread.count()).toBe(0);

    // A buyer on a phone, signed out, sends an inquiry from the page.
    const buyer = await (await suite.context({ device: "phone" })).newPage();
    await buyer.goto(pagePath);
    await buyer.getByRole("heading", { level: 1, name: listingName }).waitFor();
    const buyerName = `Priya ${uniqueToken("n")}`;
    const buyerEmail = `${uniqueToken("priya")}@example.com`;
    await buyer.getByLabel("Name").fill(buyerName);
    await buyer.getByLabel("Email").fill(buyerEmail);
    await buyer.getByLabel("I am a").selectOption("principal");
    await buyer.getByLabel("Message").fill(MESSAGE);
    await buyer.getByRole("button", { name: "Send inquiry" }).click();
    await buyer.getByText("Thank you. Your message was sent").waitFor();
    // The page promised the agent by name, because he is told.
    await buyer.getByText(agentName, { exact: false }).first().waitFor();
    await screenshot(buyer, "lead-loop-buyer-phone");

    // The bell changes on Marcus's open page without a reload (the event stream), and opens the lead.
    await unread.waitFor();
    await unread.click();
    await desk.getByRole("dialog", { name: "Notifications" }).getByRole("button", { name: new RegExp(`New inquiry from ${buyerName}`) }).click();
    await desk.getByRole("heading", { level: 1, name: buyerName }).waitFor();
    const leadPath = new URL(desk.url()).pathname;
    expect(leadPath).toMatch(/^\/leads\/\d+$/);
    // A form sends a textarea's line breaks as CRLF.
    expect((await desk.getByTestId("lead-inquiry-message").innerText()).replace(/\r\n/g, "\n")).toBe(MESSAGE);
    await desk.getByLabel(`Stage on ${listingName}`).selectOption({ label: "Toured" });
    await desk.getByText(`Moved from Inquired to Toured on ${listingName}`).waitFor();
    await screenshot(desk, "lead-loop-agent-desktop");

    // The alert email reached Marcus, once (his invitation came the same way), and its link opens
    // the same lead after sign-in.
    const alerts = () => smtp.received.filter((m) => m.envelopeTo.includes(marcus.email) && /inquiry/i.test(m.parsed.subject ?? ""));
    await eventually(() => alerts().length).toBe(1);
    const [mail] = alerts();
    const link = /https?:\/\/\S+\/leads\/\d+/.exec(mail.parsed.text ?? "")?.[0];
    expect(link && new URL(link).pathname).toBe(leadPath);
    const fromMail = await (await suite.context({ device: "phone" })).newPage();
    await fromMail.goto(new URL(link!).pathname);
    await expectPath(fromMail, "/auth");
    await fromMail.getByLabel("Username").fill(marcus.username);
    await fromMail.getByLabel("Password").fill(marcus.password);
    await fromMail.getByRole("button", { name: "Sign in" }).click();
    await expectPath(fromMail, leadPath);
    await fromMail.getByRole("heading", { level: 1, name: buyerName }).waitFor();
    expect(await fromMail.getByLabel(`Stage on ${listingName}`).inputValue()).toBe("toured");

    // The deal goes Under Contract: the buyer's page shows it at once, and still takes back-up offers.
    const staged = await agentDesk.request.patch(`/api/listings/${listing.id}`, { data: { dealStage: "Under Contract" } });
    expect(staged.status(), await staged.text()).toBe(200);
    await buyer.goto(pagePath);
    await buyer.getByText("Under Contract", { exact: true }).waitFor();
    await buyer.getByText("Back-up offers welcome.").first().waitFor();
    await buyer.getByRole("button", { name: "Send inquiry" }).waitFor();
  });
});

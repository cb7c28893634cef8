// A buyer's way into the deal room, as a broker and a buyer live it: the listing's agent opens the
// room on his desktop (approval by a member); a buyer on a phone, signed out, asks for the offering
// memorandum from the public page, follows the signing link from the email (read from a real SMTP
// server on loopback), signs; the agent sees the buyer waiting, approves, and the buyer's emailed
// room link opens; the agent revokes and the buyer's next visit is refused. And a member lets in a
// buyer who signed the agreement elsewhere, with its signed copy uploaded as proof (desktop, phone).
import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { startTestSmtpServer } from "../server/integrations/mail/test-smtp-server";
import { signedInContext, signInAsAdmin } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { createListing, uniqueToken } from "./support/listings";
import { agentsPublishedListing } from "./support/public-page";
import { screenshot, useSuite } from "./support/suite";
import { eventually } from "./support/ui";

const smtp = await startTestSmtpServer();
afterAll(() => smtp.close());

/** The path of the newest link to `to` matching `pattern`, once a mail with one has arrived. */
async function mailedPath(to: string, pattern: RegExp): Promise<string> {
  const found = () =>
    smtp.received
      .filter((m) => m.envelopeTo.includes(to))
      .flatMap((m) => [...(m.parsed.text ?? "").matchAll(pattern)].map((x) => x[0]))
      .pop();
  await eventually(() => found() !== undefined).toBe(true);
  return found()!;
}

describe("the deal room's door", () => {
  const suite = useSuite({ serverEnv: { SMTP_URL: smtp.url, MAIL_FROM: "Listing Desk <desk@example.com>" } });

  it("a signed-out buyer requests, signs from the emailed link, is approved, enters, and is refused after a revoke", async () => {
    const admin = await suite.context();
    await signInAsAdmin(admin);
    const agentDesk = await suite.context({ device: "desktop" });
    const { agentName, listing, listingName, pagePath } = await agentsPublishedListing(admin, agentDesk, {
      name: `${uniqueToken("room")} Harbor Point`,
      askingPrice: 8_400_000,
    });

    // Marcus opens the room and holds every signer for approval.
    const desk = await agentDesk.newPage();
    await desk.goto(`/listings/${listing.id}/room`);
    const rules = desk.getByTestId("room-rules");
    await rules.getByLabel("Take requests from the public page").click();
    await rules.getByLabel("Who gets in").selectOption("manual");
    await rules.getByRole("button", { name: "Save rules" }).click();
    await desk.getByTestId("toast").filter({ hasText: "Room rules saved" }).waitFor();

    // A buyer on a phone, signed out, asks for the offering memorandum.
    const buyer = await (await suite.context({ device: "phone" })).newPage();
    await buyer.goto(pagePath);
    const room = buyer.locator("#room");
    await room.getByRole("heading", { name: "Request the offering memorandum" }).waitFor();
    const buyerName = `Priya ${uniqueToken("n")}`;
    const buyerEmail = `${uniqueToken("priya")}@example.com`;
    await room.getByLabel("Name").fill(buyerName);
    await room.getByLabel("Email").fill(buyerEmail);
    await room.getByLabel("Company (optional)").fill("Natarajan Capital");
    await room.getByLabel("I am a").selectOption("principal");
    await room.getByRole("button", { name: "Request the offering memorandum" }).click();
    await buyer.getByText("Check your email").waitFor();

    // The signing link from the email: the agreement's text, a typed name and consent.
    await buyer.goto(await mailedPath(buyerEmail, /\/r\/sign\/[A-Za-z0-9_-]{22}/g));
    await buyer.getByRole("heading", { name: "Confidentiality agreement" }).waitFor();
    await buyer.getByText("REVIEW WITH YOUR COUNSEL", { exact: false }).waitFor();
    await buyer.getByLabel("Your full name").fill(buyerName);
    await buyer.getByLabel(/I agree to sign this agreement electronically/).check();
    await screenshot(buyer, "deal-room-sign-phone");
    await buyer.getByRole("button", { name: "Sign the agreement" }).click();
    await buyer.getByRole("heading", { name: "Thank you for signing" }).waitFor();

    // Marcus sees the buyer waiting, with the signed agreement, and approves.
    const grants = desk.getByTestId("room-grants");
    const row = grants.getByTestId("grant-row").filter({ hasText: buyerName });
    // Signed before the thank-you showed: one reload reads it.
    await desk.reload();
    await row.getByText("Waiting for approval").waitFor();
    await row.getByRole("link", { name: "Signed agreement (PDF)" }).waitFor();
    await row.getByRole("button", { name: "Approve" }).click();
    await row.getByText("Active", { exact: true }).waitFor();
    await screenshot(desk, "deal-room-buyers-desktop");

    // The room link arrives by email and opens.
    const roomPath = await mailedPath(buyerEmail, /\/r\/[A-Za-z0-9_-]{22}(?![A-Za-z0-9_-])/g);
    await buyer.goto(roomPath);
    await buyer.getByText("Your access is active until", { exact: false }).waitFor();
    await buyer.getByRole("heading", { name: listingName }).waitFor();

    // Revoked: the buyer's very next visit is refused, naming the agent.
    await row.getByRole("button", { name: "Revoke" }).click();
    await row.getByText("Revoked", { exact: true }).waitFor();
    const again = await buyer.goto(roomPath);
    expect(again?.status()).toBe(403);
    await buyer.getByText(`Your access has ended — contact ${agentName}`, { exact: false }).waitFor();
  });

  for (const device of ["desktop", "phone"] as const) {
    it(`a member lets in a buyer who signed elsewhere, with the signed copy as proof; the buyer's emailed link opens (${device})`, async () => {
      const context = await signedInContext(suite, { device });
      const listingName = uniqueToken("Elsewhere Plaza ");
      const listing = await createListing(context, { listingName });
      const page = await context.newPage();
      await page.goto(`/listings/${listing.id}/room`);
      await page.getByTestId("room-grants").getByRole("button", { name: "Let someone in" }).click();
      const dialog = page.getByTestId("add-grant-dialog");
      await dialog.getByRole("heading", { name: "Let someone in" }).waitFor();
      const buyerName = `Dana ${uniqueToken("w")}`;
      const buyerEmail = `${uniqueToken("dana")}@example.com`;
      await dialog.getByLabel("Name").fill(buyerName);
      await dialog.getByLabel("Email").fill(buyerEmail);
      await dialog.getByLabel("Company (optional)").fill("Whitfield Partners");
      await dialog.getByLabel("Role").selectOption("broker");
      // Without the signed copy the dialog says what is missing.
      await dialog.getByRole("button", { name: "Let them in" }).click();
      await dialog.getByText("Choose the signed copy of the agreement (a PDF)").waitFor();
      const pdf = await PDFDocument.create();
      pdf.addPage().drawText(`Signed by ${buyerName} at her attorney's office`, { x: 50, y: 700 });
      const signedCopy = Buffer.from(await pdf.save());
      await dialog.getByLabel("Signed copy (PDF)").setInputFiles({ name: "whitfield-ca.pdf", mimeType: "application/pdf", buffer: signedCopy });
      await dialog.getByLabel("Access to").selectOption("ca");
      expect(await seriousViolations(page, "[data-testid=add-grant-dialog]")).toEqual([]);
      await screenshot(page, `deal-room-signed-elsewhere-${device}`);
      await dialog.getByRole("button", { name: "Let them in" }).click();
      await dialog.waitFor({ state: "detached" });

      const row = page.getByTestId("room-grants").getByTestId("grant-row").filter({ hasText: buyerName });
      await row.getByText("Active", { exact: true }).waitFor();
      await row.getByText("Signed elsewhere", { exact: false }).waitFor();
      const proof = row.getByRole("link", { name: "Signed copy (proof)" });
      const proofPath = await proof.getAttribute("href");
      const kept = await context.request.get(proofPath!);
      expect(kept.headers()["content-type"]).toBe("application/pdf");
      expect(Buffer.compare(Buffer.from(await kept.body()), signedCopy)).toBe(0);

      // The buyer's emailed room link opens, and never names the signed copy.
      const buyer = await (await suite.context({ device })).newPage();
      await buyer.goto(await mailedPath(buyerEmail, /\/r\/[A-Za-z0-9_-]{22}(?![A-Za-z0-9_-])/g));
      await buyer.getByRole("heading", { name: listingName }).waitFor();
      expect(await buyer.content()).not.toContain(proofPath!);
      expect((await buyer.request.get(proofPath!)).status()).toBe(401);
    });
  }

  it("an admin edits the agreement in Settings: a new version, the old one kept", async () => {
    const admin = await suite.context({ device: "phone" });
    await signInAsAdmin(admin);
    const page = await admin.newPage();
    await page.goto("/settings");
    const card = page.getByTestId("ca-templates-settings");
    const item = card.getByRole("listitem").filter({ hasText: "Standard confidentiality agreement" });
    await item.getByRole("button", { name: "Edit" }).click();
    const text = item.getByLabel("Text");
    await text.fill(`${await text.inputValue()}\n\n12. Governing law. This agreement is governed by the law of the state where the property is.`);
    await item.getByRole("button", { name: "Save new version" }).click();
    await page.getByTestId("toast").filter({ hasText: /Saved as version \d+/ }).waitFor();
    const templates = (await (await admin.request.get("/api/ca-templates")).json()) as { name: string; version: number; body: string; versions: unknown[] }[];
    const standard = templates.find((t) => t.name === "Standard confidentiality agreement")!;
    expect(standard.body).toContain("12. Governing law.");
    expect(standard.versions.length).toBe(standard.version);
    await item.getByText(`version ${standard.version}`).waitFor();
  });
});

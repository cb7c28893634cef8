// The buyer's room (docs/guides/deal-room.md), on a desktop and on a phone: a member shares an
// offering memorandum and a rent roll and lets a buyer in; the buyer follows the emailed room link
// (read from a real SMTP server on loopback), sees the documents by folder, opens the view-only OM
// (page images stamped with their name, never the PDF itself); the member revokes in the Buyers panel, and the buyer's next click is
// refused with the agent named.
import type { BrowserContext } from "playwright-core";
import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { startTestSmtpServer } from "../server/integrations/mail/test-smtp-server";
import { signInAsAdmin } from "./support/accounts";
import { createAgent, createListing, uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { eventually } from "./support/ui";

const smtp = await startTestSmtpServer();
afterAll(() => smtp.close());

type Device = "desktop" | "phone";

async function mailedPath(to: string, pattern: RegExp): Promise<string> {
  const found = () =>
    smtp.received
      .filter((m) => m.envelopeTo.includes(to))
      .flatMap((m) => [...(m.parsed.text ?? "").matchAll(pattern)].map((x) => x[0]))
      .pop();
  await eventually(() => found() !== undefined).toBe(true);
  return found()!;
}

async function pdfOf(pages: number, label: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage().drawText(`${label}, page ${i + 1}`, { x: 50, y: 700 });
  return Buffer.from(await pdf.save());
}

/** Uploads and attaches a document through the API, as the members' upload card does. */
async function addDocument(context: BrowserContext, listingId: string, file: { name: string; bytes: Buffer }, fields: Record<string, unknown>) {
  const ticket = (await (await context.request.post("/api/documents/upload", { data: { fileName: file.name, contentType: "application/octet-stream", size: file.bytes.length } })).json()) as { uploadURL: string; url: string };
  expect((await context.request.put(ticket.uploadURL, { data: file.bytes, headers: { "Content-Type": "application/octet-stream" } })).status()).toBe(200);
  const res = await context.request.post(`/api/listings/${listingId}/documents`, { data: { url: ticket.url, ...fields } });
  expect(res.status(), await res.text()).toBe(201);
}

describe("the buyer's room", () => {
  const suite = useSuite({ serverEnv: { SMTP_URL: smtp.url, MAIL_FROM: "Listing Desk <desk@example.com>" } });

  for (const device of ["desktop", "phone"] as Device[]) {
    it(`a buyer opens the room by folder and the OM's stamped pages; after a revoke the next click is refused (${device})`, async () => {
      const admin = await suite.context({ device: "desktop" });
      await signInAsAdmin(admin);
      const agentName = `Marcus Reed ${uniqueToken("")}`;
      const agent = await createAgent(admin, agentName, { email: `${uniqueToken("marcus")}@example.com` });
      const listingName = `${uniqueToken("room")} Harbor Point`;
      const listing = await createListing(admin, { listingName, agentId: agent.id, offeringType: "Sell", askingPrice: 8_400_000 });
      await addDocument(admin, listing.id, { name: "om.pdf", bytes: await pdfOf(3, "Offering memorandum") }, { title: "Offering memorandum", folder: "Marketing", level: "ca", downloadable: false });
      await addDocument(admin, listing.id, { name: "rent-roll.csv", bytes: Buffer.from("Unit,Rent\n101,4200\n") }, { title: "Rent roll", folder: "Financials", level: "ca", downloadable: true });
      await addDocument(admin, listing.id, { name: "pricing.pdf", bytes: await pdfOf(1, "Pricing notes") }, { title: "Pricing notes", folder: "Internal", level: "team" });
      const buyerEmail = `${uniqueToken("priya")}@example.com`;
      const granted = await admin.request.post(`/api/listings/${listing.id}/room/grants`, { data: { name: "Priya Natarajan", email: buyerEmail, company: "Natarajan Capital", source: "waived", level: "ca" } });
      expect(granted.status(), await granted.text()).toBe(201);

      // The buyer, signed out, follows the emailed link.
      const buyerContext = await suite.context({ device });
      const buyer = await buyerContext.newPage();
      const roomPath = await mailedPath(buyerEmail, /\/r\/[A-Za-z0-9_-]{22}(?![A-Za-z0-9_-])/g);
      await buyer.goto(roomPath);
      await buyer.getByRole("heading", { name: listingName }).waitFor();
      expect(await buyer.getByRole("heading", { level: 2 }).allTextContents()).toEqual(["Financials", "Marketing"]);
      await expect.poll(() => buyer.getByText("Pricing notes").count()).toBe(0);
      const om = buyer.locator("li", { hasText: "Offering memorandum" });
      await om.getByText("View only", { exact: false }).waitFor();
      expect(await om.getByRole("link", { name: /Download/ }).count()).toBe(0);
      await buyer.locator("li", { hasText: "Rent roll" }).getByRole("link", { name: /Download/ }).waitFor();
      await screenshot(buyer, `buyer-room-${device}`);

      // View opens the view-only OM page by page: stamped images, never the PDF.
      const view = om.getByRole("link", { name: /View/ });
      const href = (await view.getAttribute("href"))!;
      const viewer = await buyerContext.newPage();
      await viewer.goto(href);
      await viewer.getByRole("heading", { name: "Offering memorandum" }).waitFor();
      await viewer.getByText("Page 1 of 3", { exact: true }).waitFor();
      const first = viewer.getByRole("img", { name: /^Page 1 of 3/ });
      await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
      // The page fits the screen, phone included, keeping its shape.
      const box = (await first.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(viewer.viewportSize()!.width);
      expect(Math.abs(box.height / box.width - 1697 / 1200)).toBeLessThan(0.01);
      // The page links reach the last page (lazy until then), by keyboard or by touch.
      const last = viewer.getByRole("link", { name: "Page 3 of 3" });
      if (device === "phone") await last.tap();
      else {
        await last.focus();
        await viewer.keyboard.press("Enter");
      }
      const third = viewer.getByRole("img", { name: /^Page 3 of 3/ });
      await expect.poll(() => third.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
      await screenshot(viewer, `buyer-room-pages-${device}`);
      const image = await buyerContext.request.get(`${href}/pages/1`);
      expect(image.headers()["content-type"]).toBe("image/webp");
      expect(image.headers()["cache-control"]).toBe("private, no-store");
      expect(await viewer.locator('a[href$=".pdf"], a[href*="download=1"], embed, iframe, object').count()).toBe(0);

      // The member sees the open in Activity, then revokes in Buyers.
      const desk = await admin.newPage();
      await desk.goto(`/listings/${listing.id}/room`);
      await desk.getByTestId("activity-buyer").filter({ hasText: "Priya Natarajan" }).getByText("Offering memorandum: 1 view", { exact: false }).waitFor();
      await desk.getByTestId("funnel-openedOm").getByText("1", { exact: true }).waitFor();
      const row = desk.getByTestId("room-grants").getByTestId("grant-row").filter({ hasText: "Priya Natarajan" });
      await row.getByRole("button", { name: "Revoke" }).click();
      await row.getByText("Revoked", { exact: true }).waitFor();

      // The buyer's next click is refused, naming the agent.
      await buyer.locator("li", { hasText: "Rent roll" }).getByRole("link", { name: /Download/ }).click();
      await buyer.getByText(`Your access has ended — contact ${agentName}`, { exact: false }).waitFor();
      expect((await buyerContext.request.get(href)).status()).toBe(403);
      expect((await buyerContext.request.get(`${href}/pages/1`)).status()).toBe(403);
    });
  }
});

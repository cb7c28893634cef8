// The deal room's documents (docs/guides/deal-room.md), on a desktop and on a phone: a member
// opens the room from the listing, uploads the offering memorandum (dropped on a desktop, chosen
// with a tap on a phone), sets it to "Signed CA", uploads a second version, sees both, and
// deletes it after a confirmation.
import { createHash } from "node:crypto";
import type { Page } from "playwright-core";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import type { DocumentVersion, ListingDocument } from "../shared/documents";
import { createMember, MEMBER_PASSWORD, signedInContext } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { createListing, uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { smallTapTargets } from "./support/tap-targets";

type Device = "desktop" | "phone";

async function omPdf(pages: number, label: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage().drawText(`${label}, page ${i + 1}`, { x: 50, y: 700 });
  return Buffer.from(await pdf.save());
}
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Drops a file on the zone as a desktop's drag does, or taps the zone and picks it as a phone does. */
async function chooseFile(page: Page, device: Device, file: { name: string; mimeType: string; buffer: Buffer }) {
  const zone = page.getByTestId("document-drop-zone");
  if (device === "phone") {
    const chooser = page.waitForEvent("filechooser");
    await zone.tap();
    await (await chooser).setFiles(file);
    return;
  }
  const transfer = await page.evaluateHandle(({ name, mimeType, bytes }) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], name, { type: mimeType }));
    return data;
  }, { name: file.name, mimeType: file.mimeType, bytes: [...file.buffer] });
  await zone.dispatchEvent("drop", { dataTransfer: transfer });
}

describe("deal room", () => {
  const suite = useSuite();

  for (const device of ["desktop", "phone"] as Device[]) {
    it(`a member uploads an OM, sets it to Signed CA, uploads a second version, sees both and deletes it (${device})`, async () => {
      const admin = await signedInContext(suite);
      const account = { username: uniqueToken("dana"), password: MEMBER_PASSWORD, email: `${uniqueToken("dana")}@example.com` };
      const context = await suite.context({ device });
      await createMember(admin, context, account);
      const page = await context.newPage();
      const name = uniqueToken("Harbor Point ");
      const listing = await createListing(context, { listingName: name });

      await page.goto(`/listings/${listing.id}`);
      await page.getByTestId("deal-room-count").filter({ hasText: "No documents yet" }).waitFor();
      await page.getByTestId("deal-room-link").click();
      await page.getByTestId("deal-room-page").waitFor();
      await page.getByRole("heading", { name: "Deal room" }).waitFor();

      const first = await omPdf(3, "Version one");
      await chooseFile(page, device, { name: "Offering_Memorandum.pdf", mimeType: "application/pdf", buffer: first });
      const title = page.getByTestId("document-title-input");
      await expect.poll(() => title.inputValue()).toBe("Offering Memorandum");
      await page.getByTestId("document-folder-input").fill("Marketing");
      await page.getByTestId("document-level-select").selectOption("ca");
      await page.getByTestId("document-upload-submit").click();

      const row = page.getByTestId("document-row");
      await row.getByTestId("document-level").filter({ hasText: "Signed CA" }).waitFor();
      await row.getByText("3 pages").waitFor();
      await page.getByTestId("document-folder").getByRole("heading", { name: "Marketing" }).waitFor();
      await screenshot(page, `deal-room-first-upload-${device}`);

      const second = await omPdf(5, "Version two");
      await row.getByTestId("document-version-input").setInputFiles({ name: "Offering_Memorandum_v2.pdf", mimeType: "application/pdf", buffer: second });
      await row.getByTestId("document-version-number").filter({ hasText: "version 2" }).waitFor();
      // A new version opens the list of versions: both are there, newest first, each downloadable.
      const versions = row.getByTestId("document-version");
      await expect.poll(() => versions.count()).toBe(2);
      expect(await versions.nth(0).textContent()).toContain("Version 2");
      expect(await versions.nth(1).textContent()).toContain("Version 1");
      await screenshot(page, `deal-room-two-versions-${device}`);

      const [doc] = (await (await context.request.get(`/api/listings/${listing.id}/documents`)).json()) as ListingDocument[];
      expect(doc).toMatchObject({ title: "Offering Memorandum", folder: "Marketing", level: "ca", version: 2, pageCount: 5, sha256: sha256(second) });
      const stored = (await (await context.request.get(`/api/listings/${listing.id}/documents/${doc.id}/versions`)).json()) as DocumentVersion[];
      expect(stored.map((v) => v.sha256)).toEqual([sha256(second), sha256(first)]);
      const old = await context.request.get(stored[1].fileUrl);
      expect(sha256(Buffer.from(await old.body()))).toBe(sha256(first));

      // The room itself (the shell's own checks are the shell journeys').
      expect(await seriousViolations(page, "[data-testid=deal-room-page]")).toEqual([]);
      if (device === "phone") expect(await smallTapTargets(page)).toEqual([]);

      // Deleting asks first; then the document and its versions are gone.
      await row.getByTestId("document-delete").click();
      await page.getByRole("alertdialog").getByText("Its 2 versions are deleted for good").waitFor();
      await page.getByTestId("document-delete-confirm").click();
      await page.getByText("No documents yet.").waitFor();
      expect((await context.request.get(stored[1].fileUrl)).status()).toBe(404);
    });
  }
});

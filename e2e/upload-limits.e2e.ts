// The upload limits as a person meets them in the upload dialog: a picture declaring more
// than 50 megapixels, and the hourly upload quota, each refused with the server's own words.
import { describe, expect, it } from "vitest";
import { pngClaiming } from "../server/integrations/storage/test-images";
import { signedInPage } from "./support/accounts";
import { fileInput, openUploadDialog, preview } from "./support/images";
import { openAddDialog } from "./support/listing-form";
import { screenshot, useSuite } from "./support/suite";

const TOO_MANY_PIXELS = "That image is too large. Images can be at most 50 megapixels";
const QUOTA = "You have uploaded a lot of images in the last hour. Please wait a while and try again.";

describe("upload limits", () => {
  const suite = useSuite();

  it.each(["desktop", "phone"] as const)("refuses a picture over 50 megapixels with a visible message (%s)", async (device) => {
    const { page } = await signedInPage(suite, { device });
    const form = await openAddDialog(page);
    const upload = await openUploadDialog(page, form);
    // 100 megapixels declared by a file of a few hundred bytes.
    await fileInput(upload).setInputFiles({ name: "bomb.png", mimeType: "image/png", buffer: pngClaiming(10_000, 10_000) });
    await upload.getByRole("button", { name: /^Upload 1 file/ }).click();
    await upload.getByRole("alert").filter({ hasText: TOO_MANY_PIXELS }).first().waitFor();
    await upload.getByText("Upload failed").waitFor();
    await screenshot(page, `images-upload-too-many-pixels-${device}`);
    expect(await form.locator("button[type=submit]").textContent()).toBe("Create Listing");
    expect(await preview(form).count()).toBe(0);
  });

  // Last in this file: it uses up the admin's uploads for the hour.
  it("says so when the hour's uploads are used up", async () => {
    const { context, page } = await signedInPage(suite, { device: "phone" });
    let status = 200;
    for (let i = 0; i < 100 && status === 200; i++) status = (await context.request.post("/api/objects/upload")).status();
    expect(status).toBe(429);

    const form = await openAddDialog(page);
    const upload = await openUploadDialog(page, form);
    await fileInput(upload).setInputFiles({ name: "one-more.png", mimeType: "image/png", buffer: pngClaiming(40, 30) });
    await upload.getByRole("button", { name: /^Upload 1 file/ }).click();
    await upload.getByRole("alert").filter({ hasText: QUOTA }).first().waitFor();
    await screenshot(page, "images-upload-quota-phone");
    expect(await preview(form).count()).toBe(0);
  });
});

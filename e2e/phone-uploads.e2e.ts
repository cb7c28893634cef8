// Photos from the phone: on a touch screen the upload dialog offers Take photo (the
// back camera) and Choose photo as large buttons, and a tap on the drop area opens the chooser;
// a desktop keeps dropping and pasting. A refusal that cannot pass offers no Retry.
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pngClaiming } from "../server/integrations/storage/test-images";
import { signedInPage } from "./support/accounts";
import { fileInput, openUploadDialog, png } from "./support/images";
import { openAddDialog } from "./support/listing-form";
import { screenshot, useSuite } from "./support/suite";

const retryButton = (upload: Locator) => upload.getByRole("button", { name: "Retry" });

describe("photos from the phone", () => {
  const suite = useSuite();

  it("offers the camera and the photo library as large buttons, and a tap on the drop area opens the chooser (phone)", async () => {
    const { page } = await signedInPage(suite, { device: "phone" });
    const form = await openAddDialog(page);
    const upload = await openUploadDialog(page, form);

    const camera = upload.getByTestId("take-photo-input");
    expect(await camera.getAttribute("capture")).toBe("environment");
    expect(await camera.getAttribute("accept")).toBe("image/*");
    for (const name of ["Take photo", "Choose photo"]) {
      const box = await upload.getByRole("button", { name }).boundingBox();
      expect(box!.height, name).toBeGreaterThanOrEqual(48);
    }
    await upload.getByText("Tap here to").waitFor();
    await screenshot(page, "images-upload-phone-buttons");

    // Take photo opens the camera's chooser: the input with capture.
    const fromCamera = page.waitForEvent("filechooser");
    await upload.getByRole("button", { name: "Take photo" }).tap();
    const cameraChooser = await fromCamera;
    expect(await cameraChooser.element().getAttribute("capture")).toBe("environment");

    // A tap on the empty drop area itself, away from its link.
    const area = upload.locator(".uppy-Dashboard-AddFiles");
    const box = (await area.boundingBox())!;
    const fromArea = page.waitForEvent("filechooser");
    await page.touchscreen.tap(box.x + box.width / 2, box.y + 24);
    const areaChooser = await fromArea;
    expect(await areaChooser.element().getAttribute("capture")).toBeNull();

    const fromChoose = page.waitForEvent("filechooser");
    await upload.getByRole("button", { name: "Choose photo" }).tap();
    await (await fromChoose).setFiles({ name: "storefront.png", mimeType: "image/png", buffer: await png(120, 80, { r: 30, g: 90, b: 160 }) });
    // One file chosen: the buttons give way to the file and its Upload button.
    await upload.getByRole("button", { name: /^Upload 1 file/ }).waitFor();
    expect(await upload.getByTestId("image-capture-buttons").count()).toBe(0);
  });

  it("keeps drop, paste and browse on a desktop, without the phone's buttons", async () => {
    const { page } = await signedInPage(suite, { device: "desktop" });
    const form = await openAddDialog(page);
    const upload = await openUploadDialog(page, form);
    await upload.getByText("Drop an image here, paste one or").waitFor();
    expect(await upload.getByTestId("image-capture-buttons").count()).toBe(0);
    const chooser = page.waitForEvent("filechooser");
    await upload.locator(".uppy-Dashboard-AddFiles").click({ position: { x: 20, y: 20 } });
    await chooser;
  });

  it.each(["desktop", "phone"] as const)("offers no Retry after a too-large file, only after a failure that may pass (%s)", async (device) => {
    const { page } = await signedInPage(suite, { device });
    const form = await openAddDialog(page);
    const upload = await openUploadDialog(page, form);

    // Over 10 MB: refused before any upload, nothing to retry.
    await fileInput(upload).setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    await upload.getByText("huge.png is too large. Images can be at most 10 MB").first().waitFor();
    expect(await retryButton(upload).count()).toBe(0);

    // Refused by the server for what it is (too many pixels, 413): Retry would fail the same way.
    await fileInput(upload).setInputFiles({ name: "bomb.png", mimeType: "image/png", buffer: pngClaiming(10_000, 10_000) });
    await upload.getByRole("button", { name: /^Upload 1 file/ }).click();
    await upload.getByText("Upload failed").waitFor();
    expect(await retryButton(upload).count()).toBe(0);
    // The dialog's title no longer says it is uploading.
    expect(await upload.locator(".uppy-DashboardContent-title").textContent()).toBe("Not uploaded");
    await screenshot(page, `images-upload-no-retry-${device}`);

    // The connection drops during the PUT: that one may pass next time, so Retry is offered.
    // Cancel empties the widget for another file.
    await upload.locator(".uppy-DashboardContent-back").click();
    await upload.locator(".uppy-Dashboard-AddFiles").waitFor();
    await page.route("**/api/objects/images/**", (route) => route.abort("internetdisconnected"));
    await fileInput(upload).setInputFiles({ name: "fine.png", mimeType: "image/png", buffer: await png(40, 30, { r: 200, g: 40, b: 40 }) });
    await upload.getByRole("button", { name: /^Upload 1 file/ }).click();
    await retryButton(upload).waitFor();
  });
});

// Main images: the upload dialog (file picker, paste, drop, refusals), the flyer-link extraction
// (automatic and by button) and the card's 600-pixel copy. A tiny local web server plays the
// flyer site, so this file's app server may fetch private addresses.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES } from "../shared/constants";
import { seriousViolations } from "./support/axe";
import { nextTask, pauseClock } from "./support/clock";
import { fileInput, HARBOR, openUploadDialog, OWN_IMAGE, png, preview, watchedSignedInPage } from "./support/images";
import { getListing, uniqueToken } from "./support/listings";
import { fillRequired, openAddDialog } from "./support/listing-form";
import { screenshot, useSuite } from "./support/suite";
import { card, nextPaint, toast } from "./support/ui";

/** A stand-in flyer site: an HTML page naming its picture with og:image, the picture, and 404s. */
async function startFlyerSite(picture: Buffer) {
  const server = http.createServer((req, res) => {
    if (req.url === "/flyer.html") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html><head><title>Flyer</title><meta property="og:image" content="/pic.png"></head><body><h1>For lease</h1></body></html>`);
    } else if (req.url === "/pic.png") {
      res.writeHead(200, { "content-type": "image/png", "content-length": String(picture.length) });
      res.end(picture);
    } else {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("Not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Puts a file on the page and hands it to the dashboard the way a browser does for paste or drop. */
async function sendFile(upload: Locator, kind: "paste" | "drop", name: string, bytes: Buffer) {
  await upload.locator(".uppy-Dashboard-inner").evaluate(
    (target, { kind, name, base64 }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type: "image/png" }));
      if (kind === "paste") {
        target.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
      } else {
        for (const type of ["dragenter", "dragover", "drop"]) {
          target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
        }
      }
    },
    { kind, name, base64: bytes.toString("base64") },
  );
}

describe("listing images", () => {
  const suite = useSuite({ serverEnv: { FLYER_ALLOW_PRIVATE_NETWORKS: "1" } });
  let picture: Buffer;
  let flyerSite: Awaited<ReturnType<typeof startFlyerSite>>;

  beforeAll(async () => {
    picture = await png(1200, 900, { r: 37, g: 99, b: 235 });
    flyerSite = await startFlyerSite(await png(900, 600, { r: 22, g: 163, b: 74 }));
  });
  afterAll(async () => {
    await flyerSite?.close();
  });

  it("uploads a picked file, keeps submit waiting while it uploads, and shows the card's copy", async () => {
    const { context, page, problems } = await watchedSignedInPage(suite);
    const name = `${uniqueToken("img")} Harbor Storefront`;
    const form = await openAddDialog(page);
    await fillRequired(page, form, name, HARBOR);

    // Hold the file's PUT until the test lets it go, to see the form while the upload runs.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/objects\/images\/[^/?]+\?/, async (route) => {
      if (route.request().method() === "PUT") await held;
      await route.continue();
    });

    const upload = await openUploadDialog(page, form);
    // Spec §9: 750 × 550 (polled: the dialog zooms in from slightly smaller).
    await expect.poll(() => upload.boundingBox()).toMatchObject({ width: 750, height: 550 });
    expect(await fileInput(upload).getAttribute("accept")).toBe("image/jpeg, image/png, image/webp, image/gif, image/avif");
    await screenshot(page, "images-upload-dialog-desktop");
    expect(await seriousViolations(page, "[data-testid=image-upload-dialog]")).toEqual([]);

    const tickets: string[] = [];
    page.on("request", (req) => {
      if (new URL(req.url()).pathname === "/api/objects/upload") tickets.push(req.method());
    });
    await fileInput(upload).setInputFiles({ name: "storefront.png", mimeType: "image/png", buffer: picture });
    await upload.getByText("storefront.png").first().waitFor();
    // Spec §5: no automatic start: the widget waits for its Upload button, asks for no upload
    // address, and the form is not waiting. (The form is behind the dialog, hidden from the
    // accessibility tree.)
    const submit = form.locator("button[type=submit]");
    await upload.getByRole("button", { name: /^Upload 1 file/ }).waitFor();
    await nextPaint(page);
    expect(tickets).toEqual([]);
    expect(await submit.textContent()).toBe("Create Listing");
    expect(await submit.isEnabled()).toBe(true);
    await screenshot(page, "images-upload-file-chosen-desktop");
    await upload.getByRole("button", { name: /^Upload 1 file/ }).click();

    // Closing the dialog does not stop the upload: the form waits for it.
    await expect.poll(() => submit.textContent()).toBe("Uploading...");
    await page.keyboard.press("Escape");
    await upload.waitFor({ state: "detached" });
    expect(await submit.isDisabled()).toBe(true);
    expect(await form.getByTestId("image-source-status").textContent()).toContain("Uploading the image");
    await screenshot(page, "images-form-uploading-desktop");
    release();

    await preview(form).waitFor();
    await expect.poll(() => submit.textContent()).toBe("Create Listing");
    const src = await preview(form).getAttribute("src");
    expect(src).toMatch(/^\/api\/objects\/images\/[0-9a-f-]{36}\?w=600$/);
    await expect.poll(() => preview(form).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
    await screenshot(page, "images-form-preview-desktop");

    await submit.click();
    await toast(page, "Listing created successfully").waitFor();
    await card(page, name).waitFor();
    const cardImage = card(page, name).locator("img").first();
    expect(await cardImage.getAttribute("src")).toBe(src);
    await expect.poll(() => cardImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
    // The browser already holds the preview's copy (cached for good), so ask for it directly.
    const thumbnail = await context.request.get(src!);
    expect(thumbnail.status()).toBe(200);
    expect(thumbnail.headers()["content-type"]).toBe("image/webp");

    const listings = (await (await context.request.get("/api/listings/active")).json()) as { id: string; listingName: string }[];
    const saved = await getListing(context, listings.find((l) => l.listingName === name)!.id);
    expect(saved.imageUrl).toMatch(OWN_IMAGE);
    expect(src).toBe(`${saved.imageUrl}?w=600`);
    await screenshot(page, "images-card-desktop");
    expect(problems).toEqual([]);
  });

  it("takes pasted and dropped images, and Remove clears the image", async () => {
    const { context, page, problems } = await watchedSignedInPage(suite);
    const name = `${uniqueToken("img")} Paste Drop`;
    const form = await openAddDialog(page);
    await fillRequired(page, form, name, HARBOR);

    let upload = await openUploadDialog(page, form);
    await sendFile(upload, "paste", "pasted.png", picture);
    await upload.getByText("pasted.png").first().waitFor();
    await upload.getByRole("button", { name: /^Upload 1 file/ }).click();
    await upload.waitFor({ state: "detached" });
    await preview(form).waitFor();
    const pasted = await preview(form).getAttribute("src");
    // Focus goes back to the button that opened the dialog.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Upload Image");

    await form.getByRole("button", { name: "Remove" }).click();
    await preview(form).waitFor({ state: "detached" });
    await form.getByText("No image yet.").waitFor();

    upload = await openUploadDialog(page, form);
    // The last upload does not linger in the widget.
    expect(await upload.getByText("pasted.png").count()).toBe(0);
    await sendFile(upload, "drop", "dropped.png", picture);
    await upload.getByText("dropped.png").first().waitFor();
    await upload.getByRole("button", { name: /^Upload 1 file/ }).click();
    await upload.waitFor({ state: "detached" });
    await preview(form).waitFor();
    expect(await preview(form).getAttribute("src")).not.toBe(pasted);

    // Removing it clears imageUrl: the listing is saved without an image.
    await form.getByRole("button", { name: "Remove" }).click();
    await form.getByRole("button", { name: "Create Listing" }).click();
    await toast(page, "Listing created successfully").waitFor();
    const listings = (await (await context.request.get("/api/listings/active")).json()) as { id: string; listingName: string }[];
    const saved = await getListing(context, listings.find((l) => l.listingName === name)!.id);
    expect(saved.imageUrl).toBeNull();
    expect(problems).toEqual([]);
  });

  it("refuses files that are too large or not a raster image, with a visible message", async () => {
    const { page } = await watchedSignedInPage(suite);
    const form = await openAddDialog(page);
    const upload = await openUploadDialog(page, form);

    const tooBig = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    picture.copy(tooBig);
    await fileInput(upload).setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: tooBig });
    await upload.getByRole("alert").filter({ hasText: "huge.png is too large. Images can be at most 10 MB" }).first().waitFor();
    await screenshot(page, "images-upload-too-large-desktop");
    expect(await upload.getByText("huge.png", { exact: true }).count()).toBe(0);

    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>`);
    await fileInput(upload).setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: svg });
    await upload.getByRole("alert").filter({ hasText: "Only JPEG, PNG, WebP, GIF or AVIF images are accepted" }).first().waitFor();
    expect(await upload.getByText("logo.svg", { exact: true }).count()).toBe(0);
    expect(await upload.getByRole("button", { name: /^Upload/ }).count()).toBe(0);

    // A file that only claims to be a PNG passes here; the server reads its bytes and refuses it,
    // and the dialog says why in words. The form is not left waiting.
    await fileInput(upload).setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some text") });
    await upload.getByRole("button", { name: /^Upload 1 file/ }).click();
    await upload.getByRole("alert").filter({ hasText: "Only JPEG, PNG, WebP, GIF or AVIF images are accepted" }).first().waitFor();
    await upload.getByText("Upload failed").waitFor();
    await screenshot(page, "images-upload-refused-by-server-desktop");
    expect(await form.locator("button[type=submit]").textContent()).toBe("Create Listing");
    expect(await preview(form).count()).toBe(0);
  });

  /** FLYER_AUTO_EXTRACT_DELAY_MS in client/src/features/images/hooks/use-flyer-extraction.ts. */
  const AUTO_EXTRACT_DELAY_MS = 1_000;

  it("extracts the flyer's image a second after the link is entered, and by the Use Image button", async () => {
    const { page, warnings } = await watchedSignedInPage(suite);
    // The page's timers run on a clock the test can move: "nothing happens after a second" is
    // then a jump in time, not a sleep. It runs at real speed otherwise.
    await page.clock.install();
    const form = await openAddDialog(page);
    const flyerField = form.getByLabel("Marketing Flyer Link");
    const useImage = form.getByRole("button", { name: "Use Image" });

    // With no link, the button says what is missing and points at the field.
    await useImage.click();
    await toast(page, "Please enter a flyer URL first").waitFor();
    expect(await flyerField.evaluate((el) => el === document.activeElement)).toBe(true);

    // Typing a link: one automatic extraction, a second after the last change. The clock stands
    // still meanwhile: nothing is sent a moment before the second is up, one request once it is.
    const extractions: string[] = [];
    page.on("request", (req) => {
      if (req.url().endsWith("/api/looplink/extract-image")) extractions.push(req.url());
    });
    await pauseClock(page);
    await flyerField.fill(flyerSite.url("/flyer.html"));
    await page.clock.runFor(AUTO_EXTRACT_DELAY_MS - 1);
    await nextTask(page);
    expect(extractions).toHaveLength(0);
    await page.clock.runFor(1);
    await page.clock.resume();
    await preview(form).waitFor();
    expect(extractions).toHaveLength(1);
    await expect.poll(() => preview(form).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
    await screenshot(page, "images-flyer-extracted-desktop");

    // Removing the image does not re-extract the same link.
    await form.getByRole("button", { name: "Remove" }).click();
    await page.clock.runFor(1_500);
    await nextPaint(page);
    expect(extractions).toHaveLength(1);
    expect(await preview(form).count()).toBe(0);

    // A dead link: the automatic try only logs; the button shows the server's reason.
    await flyerField.fill(flyerSite.url("/missing.html"));
    await expect.poll(() => extractions.length, { timeout: 5_000 }).toBe(2);
    await expect.poll(() => warnings.some((w) => w.includes("missing.html"))).toBe(true);
    // The warning comes from the failed try's handler: a toast from it would be on screen now.
    await nextPaint(page);
    expect(await toast(page, "Failed to extract image from flyer URL").count()).toBe(0);

    await useImage.click();
    const failed = toast(page, "Failed to extract image from flyer URL");
    await failed.waitFor();
    expect(await failed.textContent()).toContain("That link answered with an error (404)");
    expect(extractions).toHaveLength(3);

    // The button works on demand too, and reads Extracting... meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/looplink/extract-image", async (route) => {
      await held;
      await route.continue();
    });
    await flyerField.fill(flyerSite.url("/flyer.html"));
    await form.getByRole("button", { name: "Use Image" }).click();
    const busy = form.getByRole("button", { name: "Extracting..." });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await screenshot(page, "images-flyer-extracting-desktop");
    release();
    await preview(form).waitFor();
    await form.getByRole("button", { name: "Use Image" }).waitFor();
  });

  it("fits the upload dialog to a phone screen", async () => {
    const { page, problems } = await watchedSignedInPage(suite, "phone");
    const form = await openAddDialog(page);
    await form.getByRole("region", { name: "Main Image" }).scrollIntoViewIfNeeded();
    await screenshot(page, "images-main-image-phone");
    const upload = await openUploadDialog(page, form);
    await expect.poll(() => upload.boundingBox()).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    // A touch screen: the camera and library buttons, and the drop area's words for a finger.
    await upload.getByRole("button", { name: "Take photo" }).waitFor();
    await upload.getByRole("button", { name: "choose a photo" }).waitFor();
    await fileInput(upload).setInputFiles({ name: "phone.png", mimeType: "image/png", buffer: picture });
    await upload.getByText("phone.png").first().waitFor();
    const uploadButton = upload.getByRole("button", { name: /^Upload 1 file/ });
    const buttonBox = await uploadButton.boundingBox();
    expect(buttonBox!.y + buttonBox!.height).toBeLessThanOrEqual(844);
    await screenshot(page, "images-upload-dialog-phone");
    await uploadButton.click();
    await upload.waitFor({ state: "detached" });
    await preview(form).waitFor();
    await screenshot(page, "images-form-preview-phone");
    expect(problems).toEqual([]);
  });
});

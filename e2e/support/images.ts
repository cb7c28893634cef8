// Helpers for the image journeys: pictures to upload, a page that records every console error
// and CSP violation, and the upload dialog's parts.
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { signedInPage } from "./accounts";
import type { RequiredFields } from "./listing-form";
import type { Suite } from "./suite";

/** An image's address in the app, whichever storage holds it. */
export const OWN_IMAGE = /^\/api\/objects\/images\/[0-9a-f-]{36}$/;

export const HARBOR: RequiredFields = {
  address: "12 Harbor Road",
  city: "Erie",
  state: "PA (Pennsylvania)",
  offeringType: "Lease",
  category: /Triple/,
  description: "A retail storefront with two display windows and a loading dock.",
};

export function png(width: number, height: number, colour: { r: number; g: number; b: number }): Promise<Buffer> {
  // A two-tone picture, so a preview that is cropped or stretched shows it.
  const half = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height / 2}"><rect width="100%" height="100%" fill="white" fill-opacity="0.35"/></svg>`,
  );
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: half, top: 0, left: 0 }])
    .png()
    .toBuffer();
}

/** Every CSP violation and console error the page reports, to assert none happened. */
async function watchProblems(page: Page) {
  const problems: string[] = [];
  const warnings: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
    if (message.type() === "warning") warnings.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return { problems, warnings };
}

/** A signed-in page that records its console errors, warnings and CSP violations. */
export async function watchedSignedInPage(suite: Suite, device: "desktop" | "phone" = "desktop") {
  const { context, page } = await signedInPage(suite, { device });
  const watched = await watchProblems(page);
  return { context, page, ...watched };
}

export async function openUploadDialog(page: Page, form: Locator): Promise<Locator> {
  await form.getByRole("button", { name: "Upload Image" }).click();
  const upload = page.getByRole("dialog", { name: "Upload Image" });
  await upload.getByTestId("image-upload-dashboard").locator(".uppy-Dashboard").waitFor();
  return upload;
}

export const fileInput = (upload: Locator) => upload.locator("input.uppy-Dashboard-input[type=file]").first();
export const preview = (form: Locator) => form.getByTestId("listing-image-preview");


// The brokerage's brand on the Settings page and a listing's flyer, on a desktop and on a phone:
// an admin sets the brand with a logo, anyone downloads the flyer from the listing's detail and
// from its card's menu, and an agent sees the brand without being able to change it.
import fs from "node:fs/promises";
import type { Download, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createMember, MEMBER_PASSWORD, signedInPage, signInAsAdmin } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { fileInput, png } from "./support/images";
import { createListing, getListing, uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { card, searchListings, toast } from "./support/ui";
import { downloadBy } from "./support/downloads";

const AGENT = { username: "jamie.agent", password: MEMBER_PASSWORD, email: "jamie@example.com" };

async function download(page: Page, click: () => Promise<void>): Promise<{ file: Download; bytes: Buffer }> {
  const { file, path } = await downloadBy(page, click);
  return { file, bytes: await fs.readFile(path) };
}

describe("brand and flyer", () => {
  const suite = useSuite();

  beforeAll(async () => {
    const admin = await suite.context();
    await signInAsAdmin(admin);
    await createMember(admin, await suite.context(), AGENT);
  });

  for (const device of ["desktop", "phone"] as const) {
    it(`lets an admin set the brand with a logo, and downloads the flyer from the detail and the card menu (${device})`, async () => {
      const { context, page } = await signedInPage(suite, { device });
      const brokerage = `Summit Realty ${uniqueToken("b")}`;
      await page.goto("/settings");
      const section = page.getByTestId("brand-section");
      await section.getByRole("textbox", { name: "Brokerage name" }).fill(brokerage);
      await section.getByRole("textbox", { name: "Phone" }).fill("(304) 555-0100");
      await section.getByRole("textbox", { name: "Email" }).fill("not-an-email");
      await section.getByRole("button", { name: "Save Brand" }).click();
      await section.getByText("Enter a valid email address").waitFor();
      await section.getByRole("textbox", { name: "Email" }).fill("office@summit.example.com");

      await section.getByRole("button", { name: /Upload Logo|Replace Logo/ }).click();
      const upload = page.getByRole("dialog", { name: "Upload Image" });
      await upload.getByTestId("image-upload-dashboard").locator(".uppy-Dashboard").waitFor();
      await fileInput(upload).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await png(400, 120, { r: 10, g: 92, b: 54 }) });
      await upload.getByRole("button", { name: /^Upload 1 file/ }).click();
      await upload.waitFor({ state: "detached" });
      await section.getByRole("img", { name: "Brokerage logo" }).waitFor();
      await section.getByRole("button", { name: "Save Brand" }).click();
      await toast(page, "Brand saved").waitFor();
      await screenshot(page, `brand-settings-admin-${device}`);
      expect(await seriousViolations(page, "[data-testid='brand-section']")).toEqual([]);
      const saved = (await (await context.request.get("/api/brand")).json()) as { brokerageName: string; logoUrl: string };
      expect(saved.brokerageName).toBe(brokerage);
      expect(saved.logoUrl).toMatch(/^\/api\/objects\/images\//);

      // The flyer from the listing's detail.
      const name = `${uniqueToken("fly")} Riverside Retail`;
      const listing = await createListing(context, { listingName: name, offeringType: "Sell", askingPrice: 1650000 });
      await page.goto("/");
      await searchListings(page, name);
      await card(page, name).getByRole("button", { name: "View Details" }).click();
      const detail = page.getByRole("dialog", { name });
      const fromDetail = await download(page, () => detail.getByRole("link", { name: "Flyer" }).click());
      expect(fromDetail.bytes.subarray(0, 5).toString()).toBe("%PDF-");
      expect(fromDetail.file.suggestedFilename()).toMatch(/-Riverside-Retail-flyer\.pdf$/);
      await screenshot(page, `flyer-detail-${device}`, { fullPage: false });

      // Keep the street address off the flyer, from the listing's form.
      await detail.getByRole("button", { name: "Edit Listing" }).click();
      const form = page.getByRole("dialog", { name: "Edit Listing" });
      await form.getByRole("checkbox", { name: "Keep the street confidential" }).click();
      await screenshot(page, `listing-form-confidential-address-${device}`, { fullPage: false });
      await form.getByRole("button", { name: "Update Listing" }).click();
      await toast(page, "Listing updated successfully").waitFor();
      await form.waitFor({ state: "detached" });
      expect((await getListing(context, listing.id)).addressConfidential).toBe(true);
      await page.keyboard.press("Escape");
      await detail.waitFor({ state: "detached" });

      // The flyer from the card's menu.
      await card(page, name).getByRole("button", { name: `More actions: ${name}` }).click();
      await page.getByRole("menuitem", { name: "Flyer" }).waitFor();
      await screenshot(page, `flyer-card-menu-${device}`, { fullPage: false });
      const fromMenu = await download(page, () => page.getByRole("menuitem", { name: "Flyer" }).click());
      expect(fromMenu.bytes.subarray(0, 5).toString()).toBe("%PDF-");
      // No details dialog opened behind the menu.
      expect(await page.getByRole("dialog", { name }).count()).toBe(0);
    });
  }

  it("shows an agent the brand read-only", async () => {
    const { page } = await signedInPage(suite, { as: AGENT });
    await page.goto("/settings");
    const section = page.getByTestId("brand-section");
    await section.getByText("Only admins can change the brand.").waitFor();
    expect(await section.getByRole("textbox").count()).toBe(0);
    expect(await section.getByRole("button", { name: "Save Brand" }).count()).toBe(0);
    await section.getByText("Information deemed reliable but not guaranteed.").waitFor();
    await screenshot(page, "brand-settings-agent-desktop");
    expect(await seriousViolations(page, "[data-testid='brand-section']")).toEqual([]);
  });
});

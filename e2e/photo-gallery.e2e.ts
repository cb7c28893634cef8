// The photo gallery in the listing's detail dialog, on a desktop and on a phone: five photos at once from the picker,
// reorder from the keyboard, by mouse or by a finger's long press (a swipe still scrolls), a new
// cover, the flyer downloaded, a pulled image's rights confirmed, the full-screen
// viewer turned with the arrow keys or a swipe, and a photo deleted after a confirmation.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Photo } from "../shared/photos";
import { signedInPage } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { png } from "./support/images";
import { createListing, getListing, uniqueToken } from "./support/listings";
import { pdfScreenshot, screenshot, useSuite } from "./support/suite";
import { smallTapTargets } from "./support/tap-targets";
import { longPressDrag, swipe, type Point } from "./support/touch";
import { TIMEOUT } from "../testing/timeouts.ts";
import { card, eventually, gotoListings, nextPaint, searchListings } from "./support/ui";
import { savedDownload } from "./support/downloads";

type Device = "desktop" | "phone";

const COLOURS = [
  { r: 200, g: 60, b: 40 },
  { r: 40, g: 140, b: 70 },
  { r: 30, g: 90, b: 170 },
  { r: 220, g: 170, b: 30 },
  { r: 120, g: 50, b: 150 },
];

// A flyer site on this machine: the server pulls an image from it (the app runs with
// FLYER_ALLOW_PRIVATE_NETWORKS, as in the flyer journeys).
let flyerSite: http.Server;
let flyerOrigin: string;
beforeAll(async () => {
  const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 90, g: 90, b: 90 } } }).jpeg().toBuffer();
  flyerSite = http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "image/jpeg" }).end(jpeg));
  await new Promise<void>((resolve) => flyerSite.listen(0, "127.0.0.1", resolve));
  flyerOrigin = `http://127.0.0.1:${(flyerSite.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => flyerSite.close(() => resolve())));

async function photosOf(context: BrowserContext, listingId: string): Promise<Photo[]> {
  const res = await context.request.get(`/api/listings/${listingId}/photos`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Photo[];
}

async function openDetail(page: Page, name: string) {
  await gotoListings(page);
  await searchListings(page, name);
  await card(page, name).getByTestId("listing-description").click();
  const detail = page.getByTestId("listing-detail");
  await detail.waitFor();
  return detail;
}

const tiles = (gallery: Locator) => gallery.getByTestId("photo-tile");
const centre = (box: { x: number; y: number; width: number; height: number }): Point => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });

/** The element that scrolls the gallery: its nearest ancestor with content below the fold. */
async function scrollerOf(gallery: Locator): Promise<Locator> {
  const marker = await gallery.evaluate((el) => {
    for (let node = el.parentElement; node; node = node.parentElement) {
      const { overflowY } = getComputedStyle(node);
      if ((overflowY === "auto" || overflowY === "scroll") && node.scrollHeight > node.clientHeight) {
        node.dataset.galleryScroller = "";
        return true;
      }
    }
    return false;
  });
  expect(marker).toBe(true);
  return gallery.page().locator("[data-gallery-scroller]");
}

/** Five photos chosen at once: from the phone's picker (Choose photo), or the desktop's file input. */
async function uploadFive(page: Page, gallery: Locator, device: Device) {
  await gallery.getByRole("button", { name: "Add photos" }).click();
  const upload = page.getByRole("dialog", { name: "Upload Photos" });
  await upload.getByTestId("image-upload-dashboard").locator(".uppy-Dashboard").waitFor();
  const files = await Promise.all(COLOURS.map(async (colour, i) => ({ name: `site-${i + 1}.png`, mimeType: "image/png", buffer: await png(480, 360, colour) })));
  if (device === "phone") {
    const chooser = page.waitForEvent("filechooser");
    await upload.getByRole("button", { name: "Choose photo" }).tap();
    const picked = await chooser;
    expect(picked.isMultiple()).toBe(true);
    await picked.setFiles(files);
  } else {
    await upload.locator("input.uppy-Dashboard-input[type=file]").first().setInputFiles(files);
  }
  await upload.getByRole("button", { name: /^Upload 5 files/ }).click();
  await upload.waitFor({ state: "detached", timeout: 30_000 });
  await eventually(() => tiles(gallery).count()).toBe(5);
}

describe("photo gallery", () => {
  const suite = useSuite({ serverEnv: { FLYER_ALLOW_PRIVATE_NETWORKS: "1" } });

  for (const device of ["desktop", "phone"] as Device[]) {
    it(`uploads five photos, reorders them, sets a cover, confirms a pulled image and views them full screen (${device})`, async () => {
      const { context, page } = await signedInPage(suite, { device });
      const name = `${uniqueToken("gallery")} Harbor Storefront and Former Ship Chandlery on the Waterfront`;
      const listing = await createListing(context, { listingName: name });
      const detail = await openDetail(page, name);
      const gallery = detail.getByTestId("listing-photos");
      await gallery.getByText("No photos yet").waitFor();

      await uploadFive(page, gallery, device);
      // Every upload is added in the order it finished; the first added is the cover.
      const added = await photosOf(context, listing.id);
      expect(added).toHaveLength(5);
      expect(added.filter((p) => p.isCover)).toHaveLength(1);
      expect((await getListing(context, listing.id)).imageUrl).toBe(added.find((p) => p.isCover)!.url);
      await expect.poll(() => gallery.getByTestId("photo-cover-badge").count()).toBe(1);
      await gallery.scrollIntoViewIfNeeded();
      await screenshot(page, `gallery-five-photos-${device}`);

      // Reorder from the keyboard: the first photo one place on.
      await gallery.getByRole("button", { name: "Reorder" }).click();
      const handles = gallery.getByTestId("sortable-photo").getByRole("button");
      await handles.first().waitFor();
      const picked = handles.first();
      await picked.focus();
      await page.keyboard.press("Space");
      // Picked up (dnd-kit marks the handle pressed) before it is moved, and moved before it is dropped.
      await eventually(() => picked.getAttribute("aria-pressed")).toBe("true");
      await page.keyboard.press("ArrowRight");
      await nextPaint(page);
      await page.keyboard.press("Space");
      const ids = added.map((p) => p.id);
      await eventually(async () => (await photosOf(context, listing.id)).map((p) => p.id)).toEqual([ids[1], ids[0], ...ids.slice(2)]);
      await handles.first().scrollIntoViewIfNeeded();
      const from = centre((await handles.nth(2).boundingBox())!);
      const to = centre((await handles.nth(0).boundingBox())!);
      if (device === "desktop") {
        // And with the mouse: the third photo dragged onto the first place.
        await page.mouse.move(from.x, from.y);
        await page.mouse.down();
        await page.mouse.move(to.x, to.y, { steps: 12 });
        await nextPaint(page);
        await page.mouse.up();
      } else {
        // A finger swiping over the photos scrolls the dialog and moves none of them.
        const scroller = await scrollerOf(gallery);
        const before = await scroller.evaluate((el) => el.scrollTop);
        await swipe(page, to, { x: to.x, y: to.y - 150 });
        await eventually(() => scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(before + 50);
        expect(await handles.first().getAttribute("aria-pressed")).not.toBe("true");
        expect((await photosOf(context, listing.id)).map((p) => p.id)).toEqual([ids[1], ids[0], ...ids.slice(2)]);
        // Pressed and held, a photo follows the finger: the third onto the first place. The photos
        // are measured once the swiped dialog holds still, or the finger lands where one was.
        await handles.first().scrollIntoViewIfNeeded();
        await eventually(async () => {
          const before = await scroller.evaluate((el) => el.scrollTop);
          await nextPaint(page);
          return (await scroller.evaluate((el) => el.scrollTop)) === before;
        }).toBe(true);
        const third = handles.nth(2);
        const pickedUp = () => eventually(() => third.getAttribute("aria-pressed")).toBe("true");
        await longPressDrag(page, centre((await third.boundingBox())!), centre((await handles.nth(0).boundingBox())!), pickedUp);
      }
      await eventually(async () => (await photosOf(context, listing.id)).map((p) => p.id)).toEqual([ids[2], ids[1], ids[0], ...ids.slice(3)]);
      await screenshot(page, `gallery-reordering-${device}`);
      await gallery.getByRole("button", { name: "Done" }).click();

      // The last photo becomes the cover, and the listing's image with it.
      const last = tiles(gallery).last();
      await last.getByRole("button", { name: /^Actions for/ }).click();
      await page.getByRole("menuitem", { name: "Set as cover" }).click();
      await last.getByTestId("photo-cover-badge").waitFor();
      await eventually(async () => (await getListing(context, listing.id)).imageUrl).toBe(added[4].url);

      // The flyer, from the detail's Flyer link: a one-page PDF a reader opens, with photos on it.
      const [download] = await Promise.all([page.waitForEvent("download"), detail.getByRole("link", { name: "Flyer" }).click()]);
      const pdf = await savedDownload(download);
      expect(fs.readFileSync(pdf).subarray(0, 5).toString()).toBe("%PDF-");
      expect(execFileSync("pdfinfo", [pdf], { encoding: "utf8" })).toMatch(/^Pages:\s+1$/m);
      // The cover and three more photos (and a map, when the listing's place is known).
      expect(execFileSync("pdfimages", ["-list", pdf], { encoding: "utf8" }).trim().split("\n").slice(2).length).toBeGreaterThanOrEqual(4);
      await screenshot(page, `gallery-flyer-downloaded-${device}`, { fullPage: false });
      pdfScreenshot(pdf, `gallery-flyer-${device}`);

      // An image pulled from a flyer link starts unconfirmed and says so.
      const pulled = await context.request.post("/api/looplink/extract-image", { data: { flyerUrl: `${flyerOrigin}/flyer-${device}.jpg` } });
      expect(pulled.status()).toBe(200);
      const addPulled = await context.request.post(`/api/listings/${listing.id}/photos`, { data: { url: (await pulled.json()).imageUrl } });
      expect(addPulled.status()).toBe(201);
      const marker = gallery.getByTestId("photo-rights-marker");
      await marker.waitFor();
      expect(await seriousViolations(page, "[data-testid=listing-photos]")).toEqual([]);
      if (device === "phone") expect(await smallTapTargets(page)).toEqual([]);
      await marker.scrollIntoViewIfNeeded();
      await screenshot(page, `gallery-rights-marker-${device}`);
      await marker.click();
      const confirm = page.getByRole("alertdialog", { name: "Confirm you may use this image" });
      await confirm.getByRole("button", { name: "We may use it" }).click();
      await marker.waitFor({ state: "detached" });
      expect((await photosOf(context, listing.id)).every((p) => p.rightsConfirmed)).toBe(true);

      // Full screen: the next photo by arrow key on a desktop, by a swipe on a phone.
      await tiles(gallery).first().getByRole("button", { name: /full screen$/ }).click();
      const viewer = page.getByTestId("photo-viewer");
      await viewer.getByRole("heading", { name: `${name}: photo 1 of 6` }).waitFor();
      if (device === "desktop") {
        await page.keyboard.press("ArrowRight");
      } else {
        const stage = viewer.getByTestId("photo-viewer-stage");
        const box = (await stage.boundingBox())!;
        const y = box.y + box.height / 2;
        await stage.dispatchEvent("pointerdown", { clientX: box.x + box.width - 40, clientY: y, pointerType: "touch", isPrimary: true });
        await stage.dispatchEvent("pointerup", { clientX: box.x + 40, clientY: y + 10, pointerType: "touch", isPrimary: true });
      }
      await viewer.getByRole("heading", { name: `${name}: photo 2 of 6` }).waitFor();
      // The count is never cut, however long the name (a phone's narrow title).
      const count = viewer.getByTestId("photo-viewer-count");
      expect(await count.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
      await expect.poll(() => viewer.getByTestId("photo-viewer-image").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      expect(await seriousViolations(page, "[data-testid=photo-viewer]")).toEqual([]);
      await screenshot(page, `gallery-full-screen-${device}`);
      await page.keyboard.press("Escape");
      await viewer.waitFor({ state: "detached" });

      // Deleting asks first.
      await tiles(gallery).first().getByRole("button", { name: /^Actions for/ }).click();
      await page.getByRole("menuitem", { name: "Delete photo" }).click();
      await page.getByRole("alertdialog", { name: "Delete this photo?" }).getByRole("button", { name: "Delete photo" }).click();
      await eventually(() => tiles(gallery).count()).toBe(5);
      await detail.getByTestId("listing-activity").getByText(/reordered the photos/).first().waitFor();
    }, TIMEOUT.longBrowserTest);
  }
});

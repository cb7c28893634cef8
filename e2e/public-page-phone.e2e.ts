// The public page for phones first (docs/guides/public-page-and-leads.md, "On a phone"), on a
// desktop and a 390 px phone: the headline, price, size and type and one cover above the fold, the
// Call, Email, Inquire bar (phones only), no layout shift to speak of, and the photo viewer with
// its script (arrow keys and Escape; a finger's swipe) and without any script at all.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInContext } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import fs from "node:fs";
import { downloadBy } from "./support/downloads";
import { uniqueToken } from "./support/listings";
import { publishedWithPhotos } from "./support/public-page";
import { screenshot, useSuite } from "./support/suite";
import { swipe } from "./support/touch";
import { card, eventually, searchListings } from "./support/ui";

/** Counts the page's layout shifts from its first paint (as Lighthouse does: not those right after input). */
async function watchLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shift: number };
    w.shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) w.shift += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
}
const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { shift: number }).shift);

const bottomOf = async (page: Page, selector: string) => {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} has no box`);
  return box.y + box.height;
};

const strip = (page: Page) => page.locator("main.strip");
/** Which photo the viewer's strip shows (0 for the first), once it holds still on one. */
const shownPhoto = (page: Page) => strip(page).evaluate((el) => el.scrollLeft / el.clientWidth);

describe("the public page on a phone and a desktop", () => {
  const suite = useSuite();

  for (const device of ["desktop", "phone"] as const) {
    it(`shows the facts and one cover first, the contact bar on a phone, and no layout shift (${device})`, async () => {
      const admin = await signedInContext(suite, { device });
      const name = `${uniqueToken("ph")} Dock Warehouse`;
      const path = await publishedWithPhotos(admin, name);

      const visitor = await (await suite.context({ device })).newPage();
      await watchLayoutShift(visitor);
      await visitor.goto(path);
      await visitor.getByRole("heading", { level: 1, name }).waitFor();
      const cover = visitor.locator(".cover img");
      await eventually(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

      // In order, top to bottom: the kind, the name, price and size, the cover, then the facts table.
      const tops: number[] = [];
      for (const selector of [".kicker", "h1", ".key", ".cover img", "h2:text('Facts')"]) tops.push((await visitor.locator(selector).first().boundingBox())!.y);
      expect(tops).toEqual([...tops].sort((a, b) => a - b));
      expect(await visitor.locator(".kicker").textContent()).toBe("For Sale · Industrial");
      expect(await visitor.locator(".key").textContent()).toBe("Price$2,400,000Building Size48,000 SF");
      await visitor.getByRole("link", { name: "See all 3 photos" }).waitFor();

      const bar = visitor.getByRole("navigation", { name: "Contact" });
      const viewport = visitor.viewportSize()!;
      if (device === "phone") {
        // Above the fold: everything down to the cover's foot, clear of the bar at the screen's foot.
        const barBox = (await bar.boundingBox())!;
        expect(barBox.y + barBox.height).toBe(viewport.height);
        expect(await bottomOf(visitor, ".cover img")).toBeLessThanOrEqual(barBox.y);
        expect(await bar.getByRole("link", { name: "Call" }).getAttribute("href")).toBe("tel:3045550142");
        expect(await bar.getByRole("link", { name: "Email" }).getAttribute("href")).toBe("mailto:agent@summit.example.com");
        await screenshot(visitor, "public-page-phone-fold", { fullPage: false });
        // Inquire jumps to the form; the bar stays at the screen's foot.
        await bar.getByRole("link", { name: "Inquire" }).click();
        await eventually(() => visitor.evaluate(() => location.hash)).toBe("#inquire");
        await eventually(async () => (await visitor.getByLabel("Name").boundingBox())!.y).toBeLessThan(viewport.height);
        expect(await visitor.evaluate(() => window.scrollY)).toBeGreaterThan(0);
        const after = (await bar.boundingBox())!;
        expect(after.y + after.height).toBe(viewport.height);
        await visitor.getByLabel("Name").fill("Robin Buyer");
      } else {
        expect(await bar.isVisible()).toBe(false);
        expect(await bottomOf(visitor, ".cover img")).toBeLessThanOrEqual(viewport.height * 1.2);
      }
      // The whole page read down to its foot (lazy map image included): the shift stays under 0.05.
      await visitor.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const map = visitor.locator("img.map");
      await eventually(() => map.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await layoutShift(visitor)).toBeLessThanOrEqual(0.05);
      expect(await seriousViolations(visitor)).toEqual([]);
    });

    it(`opens the photo viewer: the arrow keys and a swipe move it, Escape goes back (${device})`, async () => {
      const admin = await signedInContext(suite, { device });
      const name = `${uniqueToken("pv")} Photo Warehouse`;
      const path = await publishedWithPhotos(admin, name);
      const visitor = await (await suite.context({ device })).newPage();
      const problems: string[] = [];
      visitor.on("console", (m) => void (m.type() === "error" && problems.push(m.text())));
      visitor.on("pageerror", (e) => problems.push(e.message));
      await visitor.goto(path);
      await visitor.getByRole("link", { name: "See all 3 photos" }).click();
      await eventually(() => visitor.evaluate(() => location.pathname + location.hash)).toBe(`${path}/photos#p1`);
      await visitor.getByText("1 of 3").waitFor();
      // The arrow keys are the viewer's deferred script's, which has run once the document is
      // parsed: a key pressed before that moves nothing (the text above is in the HTML itself).
      await visitor.waitForLoadState("domcontentloaded");
      expect(await shownPhoto(visitor)).toBe(0);

      await visitor.keyboard.press("ArrowRight");
      await eventually(() => shownPhoto(visitor)).toBe(1);
      expect(await visitor.evaluate(() => location.hash)).toBe("#p2");
      await visitor.keyboard.press("ArrowRight");
      await eventually(() => shownPhoto(visitor)).toBe(2);
      // Past the last it stays on the last.
      await visitor.keyboard.press("ArrowRight");
      await eventually(() => visitor.evaluate(() => location.hash)).toBe("#p3");
      expect(await shownPhoto(visitor)).toBe(2);
      await visitor.keyboard.press("ArrowLeft");
      await eventually(() => shownPhoto(visitor)).toBe(1);
      // The portrait photo is shown whole inside the screen.
      const portrait = visitor.locator("#p2 img");
      await eventually(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const box = (await portrait.boundingBox())!;
      const viewport = visitor.viewportSize()!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      expect(Math.round((box.height / box.width) * 10) / 10).toBe(1.5);

      if (device === "phone") {
        // A finger's swipe to the left moves to the next photo, and it snaps whole.
        const stripBox = (await strip(visitor).boundingBox())!;
        const y = stripBox.y + stripBox.height / 2;
        await swipe(visitor, { x: stripBox.width - 40, y }, { x: 40, y });
        await eventually(() => shownPhoto(visitor)).toBe(2);
        await swipe(visitor, { x: 40, y }, { x: stripBox.width - 40, y });
        await eventually(() => shownPhoto(visitor)).toBe(1);
      }
      await screenshot(visitor, `public-page-viewer-${device}`, { fullPage: false });
      expect(await seriousViolations(visitor)).toEqual([]);
      await visitor.keyboard.press("Escape");
      await eventually(() => visitor.evaluate(() => location.pathname)).toBe(path);
      await visitor.getByRole("heading", { level: 1, name }).waitFor();
      expect(problems).toEqual([]);
    });

    it(`works without JavaScript: the viewer's links move from photo to photo and back to the listing (${device})`, async () => {
      const admin = await signedInContext(suite, { device });
      const name = `${uniqueToken("nj")} Plain Warehouse`;
      const path = await publishedWithPhotos(admin, name);
      const visitor = await (await suite.context({ device, javaScriptEnabled: false })).newPage();
      await visitor.goto(path);
      await visitor.getByRole("link", { name: "See all 3 photos" }).click();
      await visitor.waitForURL(`**${path}/photos#p1`);
      const slide = (n: number) => visitor.locator(`#p${n}`);
      await slide(1).getByText("1 of 3").waitFor();
      const viewport = visitor.viewportSize()!;
      /** Whether slide n fills the screen's width (the strip scrolled to it). */
      const inView = async (n: number) => {
        const b = (await slide(n).boundingBox())!;
        return Math.abs(b.x) < 2 && Math.abs(b.width - viewport.width) < 2;
      };
      expect(await inView(1)).toBe(true);
      await slide(1).getByRole("link", { name: "Next" }).click();
      await visitor.waitForURL(`**${path}/photos#p2`);
      await eventually(() => inView(2)).toBe(true);
      await slide(2).getByRole("link", { name: "Next" }).click();
      await eventually(() => inView(3)).toBe(true);
      expect(await slide(3).getByRole("link", { name: "Next" }).count()).toBe(0);
      await slide(3).getByRole("link", { name: "Previous" }).click();
      await eventually(() => inView(2)).toBe(true);
      await visitor.getByRole("link", { name: "Back to the listing" }).click();
      await visitor.getByRole("heading", { level: 1, name }).waitFor();
      if (device === "phone") await visitor.getByRole("navigation", { name: "Contact" }).getByRole("link", { name: "Inquire" }).waitFor();
    });

    it(`asks for a name and an email before the flyer when its switch is on, and the request is a lead (${device})`, async () => {
      const admin = await signedInContext(suite, { device });
      const name = `${uniqueToken("fg")} Flyer Warehouse`;
      const path = await publishedWithPhotos(admin, name);
      const page = await admin.newPage();
      await page.goto("/");
      await searchListings(page, name);
      await card(page, name).getByRole("button", { name: "View Details" }).click();
      const gate = page.getByRole("dialog", { name }).getByTestId("share-publicly").getByRole("switch", { name: "Ask for name and email before the flyer" });
      expect(await gate.getAttribute("aria-checked")).toBe("false");
      await gate.click();
      await eventually(() => gate.getAttribute("aria-checked")).toBe("true");

      const visitor = await (await suite.context({ device })).newPage();
      await visitor.goto(path);
      await visitor.getByRole("link", { name: "Download the flyer (PDF)" }).click();
      await visitor.getByRole("heading", { level: 1, name: `The flyer of ${name}` }).waitFor();
      await visitor.getByRole("button", { name: "Get the flyer" }).click();
      await visitor.getByText("Please enter your name").waitFor();
      const email = `${uniqueToken("fly")}@example.com`;
      await visitor.getByLabel("Name").fill("Fran Reader");
      await visitor.getByLabel("Email").fill(email);
      const { file, path: saved } = await downloadBy(visitor, () => visitor.getByRole("button", { name: "Get the flyer" }).click());
      expect(file.suggestedFilename()).toBe("listing-flyer.pdf");
      expect(fs.readFileSync(saved).subarray(0, 5).toString()).toBe("%PDF-");
      await visitor.getByText("Thank you. Your flyer is downloading.").waitFor();
      await screenshot(visitor, `public-page-flyer-form-${device}`, { fullPage: false });

      // The team has the lead, asking for the flyer.
      const found = await admin.request.get(`/api/leads?q=${encodeURIComponent(email)}`);
      const [lead] = (await found.json()) as { id: number; name: string; latestMessage: string }[];
      expect([lead.name, lead.latestMessage]).toEqual(["Fran Reader", "Asked for the flyer."]);
    });
  }
});

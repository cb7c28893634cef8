// The map view: the filtered list as clustered markers over the
// embedded outlines, with no request leaving the app's own server; a marker's card opens the
// listing; a cluster zooms in; a drawn rectangle filters every view and goes into the address;
// "N listings have no location" lists those; on a phone the map fills the screen. A listing with a
// city and no ZIP stands at its city's centre, drawn as approximate, among the cities' names and
// the major roads. With MAP_TILES_URL set, the operator's tiles (here a local tile server) replace the outlines.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { signedInContext, signInAsAdmin } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { createListings, uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { TIMEOUT } from "../testing/timeouts.ts";
import { eventually } from "./support/ui";

const MOBILE_COUNT = 24;
/** The worker that converts the state outlines, a chunk of the build. */
const STATE_OUTLINES_WORKER = /\/assets\/state-outlines\.worker-[\w-]+\.js$/;

/** Twenty-four listings pinned around Mobile, AL, one in Denver, one at a ZIP's centre, one with no point (an unknown city). */
async function seed(context: BrowserContext, token: string) {
  await createListings(context, MOBILE_COUNT, (i) => ({
    listingName: `${token} Bay ${i}`,
    latitude: 30.6 + (i % 8) * 0.02,
    longitude: -88.2 + Math.floor(i / 8) * 0.03,
    dealStage: i % 3 === 0 ? "Closed" : "Active",
  }));
  await createListings(context, 1, () => ({ listingName: `${token} Denver Loft`, latitude: 39.74, longitude: -104.99, dealStage: "Proposal", askingPrice: 750_000 }));
  await createListings(context, 1, () => ({ listingName: `${token} Zip Corner`, zip: "99501" }));
  // A city the gazetteer does not know, and no ZIP: no point.
  await createListings(context, 1, () => ({ listingName: `${token} Nowhere Shed`, city: "Nowheresville" }));
}

const workspace = (page: Page) => page.getByTestId("listings-workspace");
const shownCount = async (page: Page) => Number(await workspace(page).getAttribute("data-results"));
const markers = (page: Page, kind: "listing" | "cluster") => page.locator(`.leaflet-marker-icon:has([data-marker='${kind}'])`);
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

async function openMap(page: Page, token: string) {
  await page.goto(`/?q=${token}`);
  await eventually(() => shownCount(page)).toBe(MOBILE_COUNT + 3);
  await page.getByRole("button", { name: "Map view" }).first().click();
  await page.getByTestId("listing-map").waitFor({ timeout: TIMEOUT.pageCode });
  // The outlines are drawn (the basemap's layers are on the canvas) and the markers placed.
  await eventually(() => page.getByTestId("listing-map").getAttribute("data-basemap")).toBe("outlines");
  await eventually(async () => Number(await page.getByTestId("listing-map").getAttribute("data-markers"))).toBeGreaterThan(0);
}

describe("map view", () => {
  const suite = useSuite();

  it("clusters the listings over the embedded outlines with no outside request, opens a card, zooms into a cluster", async () => {
    const admin = await signedInContext(suite);
    const token = uniqueToken("mv");
    await seed(admin, token);
    const page = await admin.newPage();
    const origin = new URL(suite.baseURL).origin;
    const outside: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).origin !== origin && !request.url().startsWith("data:")) outside.push(request.url());
    });

    await openMap(page, token);
    expect(param(page, "view")).toBe("map");
    expect(await page.getByTestId("listing-map").getAttribute("data-placed")).toBe(String(MOBILE_COUNT + 2));
    expect(await markers(page, "cluster").count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole("button", { name: "1 listing has no location" }).isVisible()).toBe(true);
    expect(await seriousViolations(page, "main")).toEqual([]);
    await screenshot(page, "map-view-desktop");

    // A single listing: its card, then the listing itself.
    await page.getByRole("button", { name: `${token} Denver Loft (Proposal)` }).click();
    const mapCard = page.getByTestId("map-card");
    await mapCard.waitFor();
    expect(await mapCard.textContent()).toContain("$750,000");
    await mapCard.getByRole("button", { name: "View Details" }).click();
    await page.getByRole("dialog").filter({ hasText: `${token} Denver Loft` }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });

    // A ZIP's point is approximate.
    await page.getByRole("button", { name: `${token} Zip Corner (No stage, approximate location)` }).click();
    await eventually(() => mapCard.textContent()).toContain("Approximate location");

    // A cluster zooms in to where it falls apart: the Mobile cluster splits into smaller ones or listings.
    const mobile = markers(page, "cluster").filter({ hasText: String(MOBILE_COUNT) });
    await mobile.click();
    await eventually(() => mobile.count()).toBe(0);
    await eventually(async () => Number(await page.getByTestId("listing-map").getAttribute("data-markers"))).toBeGreaterThanOrEqual(2);
    // Zoomed in that far, the county lines (prepared in a worker from the app's own chunk) are drawn.
    await eventually(() => page.getByTestId("listing-map").getAttribute("data-counties")).toBe("drawn");

    // Nothing but the app's own server was asked: no tile service.
    expect(outside).toEqual([]);
  });

  for (const device of ["desktop", "phone"] as const) {
    it(`on ${device}: says when the outlines could not be drawn, keeps the markers, and draws them on Try again`, async () => {
      const admin = await signedInContext(suite, { device });
      const token = uniqueToken("mf");
      await seed(admin, token);
      const page = await admin.newPage();
      const pageErrors: string[] = [];
      page.on("pageerror", (error) => pageErrors.push(error.message));
      // The state outlines' worker cannot load (as offline with a stale cache), until let through.
      let failing = true;
      await page.route(STATE_OUTLINES_WORKER, (route) => (failing ? route.fulfill({ status: 500, body: "" }) : route.continue()));

      await page.goto(`/?q=${token}`);
      await eventually(() => shownCount(page)).toBe(MOBILE_COUNT + 3);
      await page.getByRole("button", { name: "Map view" }).first().click();
      const notice = page.getByRole("status").filter({ hasText: "State and county lines could not be drawn." });
      await notice.waitFor({ timeout: TIMEOUT.pageCode });
      // The map works without them: markers, clusters and (tried on desktop) a card.
      await eventually(async () => Number(await page.getByTestId("listing-map").getAttribute("data-markers"))).toBeGreaterThan(0);
      expect(await markers(page, "cluster").count()).toBeGreaterThan(0);
      if (device === "desktop") {
        await page.getByRole("button", { name: `${token} Denver Loft (Proposal)` }).click();
        await page.getByTestId("map-card").waitFor();
      } else {
        // Between the zoom buttons and the folded legend, over neither.
        const box = (await notice.boundingBox())!;
        for (const other of [page.locator(".leaflet-control-zoom"), page.locator("details").filter({ hasText: "Deal stage" })]) {
          const o = (await other.boundingBox())!;
          expect(box.x >= o.x + o.width || o.x >= box.x + box.width || box.y >= o.y + o.height || o.y >= box.y + box.height).toBe(true);
        }
      }
      expect(await page.getByTestId("listing-map").getAttribute("data-basemap")).toBeNull();
      expect(await seriousViolations(page, "main")).toEqual([]);
      await screenshot(page, `map-view-outlines-failed-${device}`, { fullPage: false });

      failing = false;
      await notice.getByRole("button", { name: "Try again" }).click();
      await eventually(() => page.getByTestId("listing-map").getAttribute("data-basemap")).toBe("outlines");
      await notice.waitFor({ state: "detached" });
      // Caught where it was awaited: no unhandled rejection reached the page.
      expect(pageErrors).toEqual([]);
    });
  }

  it("draws a rectangle that narrows every view and goes into the address; lists the listings with no location", async () => {
    const admin = await signedInContext(suite);
    const token = uniqueToken("mr");
    await seed(admin, token);
    const page = await admin.newPage();
    await openMap(page, token);

    // Around Mobile only: Denver, the Alaskan ZIP and the shed without a point are left out.
    await page.getByRole("button", { name: "Draw area" }).click();
    await page.getByTestId("listing-map").evaluate((el) => el.scrollIntoView({ block: "end" }));
    const map = (await page.getByTestId("listing-map").boundingBox())!;
    // The Mobile cluster sits in the south-east of the view; draw round it through its marker.
    const mobile = markers(page, "cluster").first();
    const at = (await mobile.boundingBox())!;
    const cx = at.x + at.width / 2;
    const cy = at.y + at.height / 2;
    await page.mouse.move(Math.max(map.x + 2, cx - 40), Math.max(map.y + 2, cy - 40));
    await page.mouse.down();
    await page.mouse.move(cx, cy, { steps: 4 });
    await page.mouse.move(Math.min(map.x + map.width - 2, cx + 40), Math.min(map.y + map.height - 2, cy + 40), { steps: 4 });
    await page.mouse.up();

    await eventually(() => param(page, "bounds")).toMatch(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?,-?\d+(\.\d+)?,-?\d+(\.\d+)?$/);
    await eventually(() => shownCount(page)).toBe(MOBILE_COUNT);
    expect(await page.getByRole("button", { name: "Clear area" }).isVisible()).toBe(true);

    // The grid shows the same narrowed list.
    await page.getByRole("button", { name: "Grid view" }).click();
    await page.getByTestId("listing-results").waitFor();
    expect(await shownCount(page)).toBe(MOBILE_COUNT);
    await eventually(() => page.getByTestId("listing-card").count()).toBeGreaterThan(0);
    expect(await page.getByRole("heading", { name: `${token} Denver Loft` }).count()).toBe(0);

    // The address opens the same narrowed view.
    await page.reload();
    await eventually(() => shownCount(page)).toBe(MOBILE_COUNT);

    // Back on the map: clear the area, then the listing with no point.
    await page.getByRole("button", { name: "Map view" }).first().click();
    await page.getByRole("button", { name: "Clear area" }).click();
    await eventually(() => param(page, "bounds")).toBeNull();
    await page.getByRole("button", { name: "1 listing has no location" }).click();
    await eventually(() => param(page, "located")).toBe("no");
    expect(param(page, "view")).toBe("list");
    await eventually(() => shownCount(page)).toBe(1);
    await page.getByText(`${token} Nowhere Shed`).waitFor();
  });

  it("within N miles of a ZIP: the listings near its centre, in the address", async () => {
    const admin = await signedInContext(suite);
    const token = uniqueToken("mz");
    await seed(admin, token);
    const page = await admin.newPage();
    await openMap(page, token);
    // 80202 is downtown Denver: only the loft is within 25 miles.
    await page.getByRole("textbox", { name: "Within", exact: true }).fill("25");
    await page.getByRole("textbox", { name: "miles of ZIP" }).fill("80202");
    await page.getByRole("button", { name: "Apply" }).click();
    await eventually(() => shownCount(page)).toBe(1);
    await eventually(() => [param(page, "near"), param(page, "radius")]).toEqual(["80202", "25"]);
    await page.getByRole("textbox", { name: "miles of ZIP" }).fill("00000");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByRole("alert").filter({ hasText: "No location is known for ZIP 00000" }).waitFor();
    await eventually(() => shownCount(page)).toBe(0);
  });

  it("fills a phone's screen, keeps the layout toggle under the thumb, and opens a tapped marker's card", async () => {
    const phone = await signedInContext(suite, { device: "phone" });
    const token = uniqueToken("mp");
    await seed(phone, token);
    const page = await phone.newPage();
    await openMap(page, token);
    const viewport = page.viewportSize()!;
    const map = (await page.getByTestId("listing-map").boundingBox())!;
    expect(map.height).toBeGreaterThanOrEqual(viewport.height * 0.8);
    expect(map.width).toBeGreaterThanOrEqual(viewport.width - 40);

    // The toggle floats at the bottom of the screen, where a thumb is.
    const toggle = page.getByRole("group", { name: "Layout" }).filter({ visible: true });
    expect(await toggle.count()).toBe(1);
    const box = (await toggle.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(viewport.height * 0.85);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);

    await page.getByTestId("listing-map").scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: `${token} Denver Loft (Proposal)` }).tap();
    await page.getByTestId("map-card").waitFor();
    // The card's button is not under the floating toggle.
    const details = (await page.getByTestId("map-card").getByRole("button", { name: "View Details" }).boundingBox())!;
    expect(details.y + details.height).toBeLessThanOrEqual(box.y);
    expect(await seriousViolations(page, "main")).toEqual([]);
    await screenshot(page, "map-view-phone", { fullPage: false });

    await toggle.getByRole("button", { name: "List view" }).tap();
    await eventually(() => param(page, "view")).toBe("list");
  });
});

describe("map view of a listing placed by its city", () => {
  const suite = useSuite();

  for (const device of ["desktop", "phone"] as const) {
    it(`on ${device}: draws a listing with a city and no ZIP at the city's centre as approximate, among the cities' names and the roads`, async () => {
      const context = await signedInContext(suite, { device });
      const token = uniqueToken("mc");
      // No ZIP: placed at Fairmont's centre. A pin in Morgantown, 25 km away, frames the map on both.
      await createListings(context, 1, () => ({ listingName: `${token} Fairmont Depot`, city: "Fairmont", state: "WV" }));
      await createListings(context, 1, () => ({ listingName: `${token} Morgantown Pin`, latitude: 39.6295, longitude: -79.9559, dealStage: "Active" }));
      const page = await context.newPage();
      await page.goto(`/?q=${token}`);
      await eventually(() => shownCount(page)).toBe(2);
      const mapButton = page.getByRole("button", { name: "Map view" }).filter({ visible: true }).first();
      if (device === "phone") await mapButton.tap();
      else await mapButton.click();
      const map = page.getByTestId("listing-map");
      await map.waitFor({ timeout: TIMEOUT.pageCode });
      await eventually(() => map.getAttribute("data-basemap")).toBe("outlines");
      expect(await map.getAttribute("data-placed")).toBe("2");

      // The city's point is drawn as approximate: its own marker style and name.
      const depot = page.getByRole("button", { name: `${token} Fairmont Depot (No stage, approximate location: the city's centre)` });
      await depot.waitFor();
      expect(await depot.locator("[data-approximate='city']").count()).toBe(1);
      // The cities' names at this zoom, and the roads under them.
      const label = (name: string) => page.locator("[data-place-label]").filter({ hasText: new RegExp(`^${name}$`) });
      await eventually(() => label("Fairmont").count()).toBe(1);
      expect(await label("Morgantown").count()).toBe(1);
      expect(await label("Fairmont").isVisible()).toBe(true);
      expect(await map.getAttribute("data-roads")).toBe("drawn");
      expect(await page.locator(".leaflet-control-attribution").textContent()).toContain("GeoNames");
      await depot.scrollIntoViewIfNeeded();
      await screenshot(page, `map-view-city-placed-${device}`, { fullPage: false });

      if (device === "phone") await depot.tap();
      else await depot.click();
      await eventually(() => page.getByTestId("map-card").textContent()).toContain("Approximate location (the city's centre");
      if (device === "desktop") expect(await page.locator("details").filter({ hasText: "Deal stage" }).textContent()).toContain("Approximate (city centre)");
      expect(await seriousViolations(page, "main")).toEqual([]);
    });
  }
});

// A local tile server that speaks the XYZ protocol: a one-pixel PNG for every tile, each path noted.
const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const tilePaths: string[] = [];
const tileServer = http.createServer((req, res) => {
  tilePaths.push(req.url ?? "");
  res.writeHead(200, { "content-type": "image/png", "access-control-allow-origin": "*" }).end(PIXEL);
});
await new Promise<void>((resolve) => tileServer.listen(0, "127.0.0.1", resolve));
const tilesBase = `http://127.0.0.1:${(tileServer.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => tileServer.close(() => resolve())));

describe("map view offline", () => {
  const suite = useSuite();

  for (const device of ["desktop", "phone"] as const) {
    it(`on ${device}: after one visit, offline, the map draws its embedded outlines and, zoomed in, the county lines`, async () => {
      const context = await suite.context({ device, serviceWorkers: true });
      await signInAsAdmin(context);
      const token = uniqueToken("mo");
      await createListings(context, 3, (i) => ({ listingName: `${token} Pier ${i}`, latitude: 30.69 + i * 0.01, longitude: -88.04 }));
      const page = await context.newPage();
      await page.goto(`/?q=${token}`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await eventually(() => shownCount(page)).toBe(3);

      // The map's code and both outline workers come from the service worker's precache.
      await context.setOffline(true);
      await page.getByRole("button", { name: "Map view" }).first().click();
      await page.getByTestId("listing-map").waitFor({ timeout: TIMEOUT.pageCode });
      await eventually(() => page.getByTestId("listing-map").getAttribute("data-basemap")).toBe("outlines");
      // Three listings a street apart: the map opens zoomed in past county level.
      await eventually(() => page.getByTestId("listing-map").getAttribute("data-counties")).toBe("drawn");
      await eventually(async () => Number(await page.getByTestId("listing-map").getAttribute("data-markers"))).toBeGreaterThan(0);
      await screenshot(page, `map-view-offline-${device}`);
    });
  }
});

describe("map view with configured tiles", () => {
  const suite = useSuite({ serverEnv: { MAP_TILES_URL: `${tilesBase}/{z}/{x}/{y}.png`, MAP_ATTRIBUTION: "© Test Tiles & Co" } });

  it("draws the operator's tiles with their credit instead of the outlines", async () => {
    const admin = await signedInContext(suite);
    const token = uniqueToken("mt");
    await createListings(admin, 2, (i) => ({ listingName: `${token} Tile ${i}`, latitude: 30.69 + i, longitude: -88.04 }));
    const page = await admin.newPage();
    await page.goto(`/?q=${token}&view=map`);
    await eventually(() => page.getByTestId("listing-map").getAttribute("data-basemap")).toBe("tiles");
    // The tiles arrived (the page's security policy lets their origin in) and are on screen.
    await eventually(() => page.locator(".leaflet-tile-loaded").count()).toBeGreaterThan(0);
    expect(tilePaths.some((p) => /^\/\d+\/\d+\/\d+\.png$/.test(p))).toBe(true);
    expect(await page.locator(".leaflet-control-attribution").textContent()).toContain("© Test Tiles & Co");
    expect(await page.locator(".leaflet-control-attribution").textContent()).not.toContain("US Census Bureau");
  });
});

// The installable app and a bad connection: manifest and service worker, the shell
// and the last lists readable offline, writes failing at once with the spec's toasts, the data
// refreshed on reconnect, nothing kept after sign-out, and the new-version notice.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAsAdmin } from "./support/accounts";
import { launchProfile } from "./support/browser";
import { addNote, createListing, uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { gotoListings, toast } from "./support/ui";
import { TIMEOUT } from "../testing/timeouts.ts";

const OFFLINE = "You're offline. Changes can't be saved until you reconnect.";
/** The chunk of the banners (the offline one among them), fetched after the first paint. */
const BANNER_CHUNK = /\/assets\/app-banner-list-[^/]*\.js$/;
/**
 * The page's scripts fetched so far, with what each imports: `graphLoaded(url)` once a module and
 * everything it imports, all the way down, has been fetched (each module is fetched once).
 */
function loadedScripts(page: Page) {
  const bodies = new Map<string, string>();
  page.on("response", (res) => {
    if (res.ok() && /\/assets\/[^/]*\.js$/.test(res.url())) res.text().then((body) => bodies.set(res.url(), body), () => undefined);
  });
  const imports = (url: string, body: string) => [...body.matchAll(/\bfrom\s*["'](\.\/[^"']+\.js)["']/g)].map((m) => new URL(m[1], url).href);
  const graphLoaded = (url: string, seen = new Set<string>()): boolean => {
    if (seen.has(url)) return true;
    seen.add(url);
    const body = bodies.get(url);
    return body !== undefined && imports(url, body).every((dep) => graphLoaded(dep, seen));
  };
  return { graphLoaded: (url: string) => graphLoaded(url) };
}

const SERVICE_WORKER = path.join(import.meta.dirname, "..", "dist", "client", "sw.js");

/** Opens the Active Listings page and waits until the service worker controls it. */
async function openControlled(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await gotoListings(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page;
}

describe("installable app, offline and flaky networks", () => {
  const suite = useSuite();

  it("is installable: a manifest with icons and a service worker that Chromium accepts", async () => {
    // Chromium installs nothing from an incognito profile, which is what browser.newContext() is.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), "profile-"));
    const context = await launchProfile(profile, suite.baseURL);
    try {
      await signInAsAdmin(context);
      const page = await openControlled(context);

      const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
      const manifest = (await (await context.request.get(manifestHref ?? "")).json()) as {
        name: string;
        display: string;
        icons: { sizes: string; purpose: string }[];
      };
      expect(manifest.name).toBe("Listing Desk");
      expect(manifest.display).toBe("standalone");
      expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
      for (const icon of ["/icons/icon-192.png", "/icons/icon-512.png", "/icons/maskable-512.png"]) {
        const res = await context.request.get(icon);
        expect(res.headers()["content-type"]).toBe("image/png");
      }

      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: unknown[] };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });

  for (const device of ["desktop", "phone"] as const) {
    it(`on ${device}: offline, lists stay readable, writes fail at once and roll back, and data refreshes on reconnect`, async () => {
      const context = await suite.context({ device });
      await signInAsAdmin(context);
      const name = uniqueToken("Offline corner ");
      await createListing(context, { listingName: name });
      const page = await context.newPage();
      await gotoListings(page);
      await page.getByText(name).first().waitFor();
      // A page open a moment: its toasts' code has come after the first paint. (Offline before
      // that, without a service worker: the next test.)
      await page.getByTestId("toast-viewport").waitFor({ state: "attached" });

      await context.setOffline(true);
      await page.getByText(OFFLINE).waitFor();
      if (device === "phone") {
        // The notice sits below the top bar: the menu and the bell stay reachable.
        const header = await page.locator("header").first().boundingBox();
        const banner = await page.getByText(OFFLINE).boundingBox();
        expect(banner && header && banner.y >= header.y + header.height - 1).toBe(true);
      }
      await screenshot(page, `offline-banner-${device}`);

      // A toggle fails at once with the spec's toast and goes back to how it was.
      await page.getByRole("button", { name: `Star ${name}` }).first().click();
      await toast(page, "Failed to toggle starred status").waitFor();
      await page.getByRole("button", { name: `Star ${name}` }).first().waitFor();
      expect(await page.getByRole("button", { name: `Unstar ${name}` }).count()).toBe(0);
      // The list already loaded stays readable.
      await page.getByText(name).first().waitFor();

      // A teammate adds a listing meanwhile; back online, the list shows it without a reload.
      const teammate = await suite.context();
      await signInAsAdmin(teammate);
      const added = uniqueToken("Added meanwhile ");
      await createListing(teammate, { listingName: added });
      await context.setOffline(false);
      await page.getByText(OFFLINE).waitFor({ state: "detached" });
      await page.getByText(added).first().waitFor();
    });
  }

  it("stays up when offline came before the toasts' code, and shows the toast once back online", async () => {
    const context = await suite.context();
    await signInAsAdmin(context);
    const name = uniqueToken("Early offline ");
    await createListing(context, { listingName: name });
    const page = await context.newPage();
    // The toasts' chunk, due after the first paint, cannot be fetched: as if the connection
    // dropped first, on a first visit (no service worker holds the app yet).
    const toasterChunk = /\/assets\/toaster-[^/]*\.js$/;
    await page.route(toasterChunk, (route) => route.abort("internetdisconnected"));
    const refused = page.waitForEvent("requestfailed", { predicate: (req) => toasterChunk.test(req.url()) });
    const scripts = loadedScripts(page);
    const banners = page.waitForResponse((res) => BANNER_CHUNK.test(res.url()) && res.ok());
    await gotoListings(page);
    await page.getByText(name).first().waitFor();
    await refused;
    await expect.poll(() => page.getByTestId("toast-viewport").count()).toBe(0);
    // The banners' code, with every module it imports, came before the drop: it is the toasts'
    // code this test takes away, not the banner's (a whole run dropped the banners' imports).
    await expect.poll(async () => scripts.graphLoaded((await banners).url())).toBe(true);

    await context.setOffline(true);
    await page.getByText(OFFLINE).waitFor();
    await page.getByRole("button", { name: `Star ${name}` }).first().click();
    // The failure has no toast to show yet, but the page stays: the star goes back, the list reads on.
    await page.getByRole("button", { name: `Star ${name}` }).first().waitFor();
    await page.getByRole("heading", { name: "Active Listings", level: 1 }).waitFor();
    expect(await page.getByText(name).first().isVisible()).toBe(true);

    await page.unroute(toasterChunk);
    await context.setOffline(false);
    await page.getByText(OFFLINE).waitFor({ state: "detached" });
    await toast(page, "Failed to toggle starred status").waitFor();
  });

  it("stays up when offline came before the banners' code, and shows the banner the next time", async () => {
    const context = await suite.context();
    await signInAsAdmin(context);
    const name = uniqueToken("Banner later ");
    await createListing(context, { listingName: name });
    const page = await context.newPage();
    // The banners' chunk, due after the first paint, cannot be fetched: as if the connection
    // dropped first, on a first visit (no service worker holds the app yet).
    const scripts = loadedScripts(page);
    await page.route(BANNER_CHUNK, (route) => route.abort("internetdisconnected"));
    const refused = page.waitForEvent("requestfailed", { predicate: (req) => BANNER_CHUNK.test(req.url()) });
    await gotoListings(page);
    await page.getByText(name).first().waitFor();
    await refused;

    // No banner to show yet, but the page stays and reads on.
    await context.setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
    await page.getByRole("heading", { name: "Active Listings", level: 1 }).waitFor();
    expect(await page.getByText(name).first().isVisible()).toBe(true);
    expect(await page.getByText(OFFLINE).count()).toBe(0);

    // Back online the chunk is fetched again, so the next drop shows the banner.
    await page.unroute(BANNER_CHUNK);
    const fetched = page.waitForResponse((res) => BANNER_CHUNK.test(res.url()) && res.ok());
    await context.setOffline(false);
    // The chunk's own response is not the end of its load: the modules it imports are asked for
    // once it is read, and a drop before they came would fail the load again.
    await expect.poll(async () => scripts.graphLoaded((await fetched).url())).toBe(true);
    await context.setOffline(true);
    await page.getByText(OFFLINE).waitFor();
    await context.setOffline(false);
    await page.getByText(OFFLINE).waitFor({ state: "detached" });
  });

  it("opens offline after a visit: the shell and the last lists come from the service worker", async () => {
    const context = await suite.context({ device: "phone", serviceWorkers: true });
    await signInAsAdmin(context);
    const name = uniqueToken("Kept for offline ");
    await createListing(context, { listingName: name });
    const page = await openControlled(context);
    await page.reload();
    await page.getByText(name).first().waitFor();

    await context.setOffline(true);
    await page.reload();
    await page.getByRole("heading", { name: "Active Listings", level: 1 }).waitFor();
    await page.getByText(name).first().waitFor();
    await page.getByText(OFFLINE).waitFor();
    await screenshot(page, "offline-reload-phone");
  });

  it("keeps a listing's notes readable offline once they were opened", async () => {
    const context = await suite.context({ device: "phone", serviceWorkers: true });
    await signInAsAdmin(context);
    const name = uniqueToken("Notes offline ");
    const listing = await createListing(context, { listingName: name });
    await addNote(context, listing.id, "Owner prefers calls after 5pm");
    const page = await openControlled(context);
    await page.reload();
    const openNotes = async () => {
      await page.getByRole("button", { name: /^View Notes/ }).first().click();
      await page.getByRole("dialog").getByText("Owner prefers calls after 5pm").waitFor();
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });
    };
    await page.getByText(name).first().waitFor();
    await openNotes();

    await context.setOffline(true);
    await page.reload();
    await page.getByText(name).first().waitFor();
    await openNotes();
    expect(await page.getByText("Failed to load notes").count()).toBe(0);
  });

  it("forgets the kept lists at sign-out, so the next person offline sees the sign-in page", async () => {
    const context = await suite.context({ serviceWorkers: true });
    await signInAsAdmin(context);
    const name = uniqueToken("Private ");
    await createListing(context, { listingName: name });
    const page = await openControlled(context);
    await page.reload();
    await page.getByText(name).first().waitFor();
    expect(await page.evaluate(async () => (await (await caches.open("offline-reads-v1")).keys()).length)).toBeGreaterThan(0);

    await page.getByRole("button", { name: /account menu|user menu/i }).click();
    await page.getByRole("menuitem", { name: /log ?out|sign out/i }).click();
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await expect.poll(() => page.evaluate(() => caches.has("offline-reads-v1"))).toBe(false);

    // Offline, nobody's session can be checked: the page says so and shows nothing kept.
    await context.setOffline(true);
    await page.goto("/");
    await page.getByRole("heading", { name: "We couldn't check your session" }).waitFor();
    await page.getByText(OFFLINE).waitFor();
    expect(await page.getByText(name).count()).toBe(0);
  });

  /** A deploy: the worker script changes (the build's precache list would), and the page checks. */
  async function deploy(page: Page) {
    fs.writeFileSync(SERVICE_WORKER, `${fs.readFileSync(SERVICE_WORKER, "utf8")}\n// deployed ${Date.now()}\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  }

  /** Reload on the notice: the page loads again, from the new version, and the notice is gone. */
  async function reloadIntoNewVersion(page: Page) {
    const notice = page.getByText("A new version is available");
    // A navigation: the new worker takes over, then the page loads again.
    const reloaded = page.waitForEvent("load", { timeout: TIMEOUT.navigation });
    await page.getByRole("button", { name: "Reload" }).click();
    await reloaded;
    await page.getByRole("heading", { name: "Active Listings", level: 1 }).waitFor();
    expect(await notice.count()).toBe(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
  }

  /** A signed-in page the worker controls, showing the notice of a deploy; the script is put back after. */
  async function withNewVersionNotice(run: (page: Page) => Promise<void>) {
    const context = await suite.context({ serviceWorkers: true });
    await signInAsAdmin(context);
    const page = await openControlled(context);
    const original = fs.readFileSync(SERVICE_WORKER, "utf8");
    try {
      await deploy(page);
      await page.getByText("A new version is available").waitFor();
      await run(page);
    } finally {
      fs.writeFileSync(SERVICE_WORKER, original);
    }
  }

  it("says when a new version has been deployed and reloads into it", () =>
    withNewVersionNotice(async (page) => {
      await screenshot(page, "new-version-notice");
      await reloadIntoNewVersion(page);
    }));

  it("reloads into the new version when it took over before Reload was clicked (another tab's Reload)", () =>
    withNewVersionNotice(async (page) => {
      // What the Reload of another open tab sends; this page keeps its notice.
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        registration?.waiting?.postMessage({ type: "SKIP_WAITING" });
      });
      await page.waitForFunction(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return registration?.waiting === null && registration.active?.state === "activated";
      });
      await page.getByText("A new version is available").waitFor();
      await reloadIntoNewVersion(page);
    }));
});

// One built server per test file, and a connection to the run's one browser; every test gets fresh
// browser contexts (separate cookies), closed after it whatever happens, and their traces kept if
// it failed.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { connectBrowser, newContext } from "./browser";
import { keepEvidence, recordActivity, startTrace } from "./evidence";
import { serverForFile, type TestServer } from "./start-server";
import { TIMEOUT } from "../../testing/timeouts.ts";

// Pictures for a person to look at, only when asked for.
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;

type ContextChoices = { device?: "desktop" | "phone"; clipboard?: boolean; serviceWorkers?: boolean; javaScriptEnabled?: boolean };

export interface Suite {
  readonly baseURL: string;
  /** Restarts this file's server in place (same port and data); browsers stay open. */
  restartServer(): Promise<void>;
  /** A second server on the same PostgreSQL database (null on PGlite); see TestServer.sibling. */
  siblingServer(): Promise<{ baseURL: string } | null>;
  /** A new browser context (its own cookies), closed after the test. */
  /** `baseURL` points the context at another server (siblingServer's); this file's server by default. */
  context(options?: ContextChoices & { baseURL?: string }): Promise<BrowserContext>;
  page(options?: ContextChoices): Promise<Page>;
}

/** `serverEnv` adds environment variables for this file's server (e.g. FLYER_ALLOW_PRIVATE_NETWORKS). */
export function useSuite({ serverEnv }: { serverEnv?: Record<string, string> } = {}): Suite {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let open: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([serverForFile(serverEnv), connectBrowser(inject("e2eBrowser"))]);
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === "fail") {
      const dir = await keepEvidence(task, open, server?.log() ?? "");
      console.error(`The trace and the server's log of "${task.name}" are in ${dir}`);
    }
    await Promise.all(open.map((c) => c.close().catch(() => undefined)));
    open = [];
  });
  afterAll(async () => {
    // Closes this file's connection and the contexts it opened; the run's browser stays for the next file.
    await browser?.close();
    await server?.stop();
  });

  const suite: Suite = {
    get baseURL() {
      if (!server) throw new Error("The server has not started");
      return server.baseURL;
    },
    async restartServer() {
      if (!server) throw new Error("The server has not started");
      await server.restart();
    },
    async siblingServer() {
      if (!server) throw new Error("The server has not started");
      return server.sibling();
    },
    async context(options = {}) {
      if (!browser) throw new Error("The browser has not started");
      const context = await newContext(browser, { ...options, baseURL: options.baseURL ?? suite.baseURL });
      open.push(context);
      recordActivity(context);
      await startTrace(context);
      return context;
    },
    async page(options = {}) {
      return (await suite.context(options)).newPage();
    },
  };
  return suite;
}

/** Waits until the page's path (and optionally its query) is the expected one. */
export async function expectPath(page: Page, pathname: string, search = "") {
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return url.pathname + (search ? url.search : "");
    }, { timeout: TIMEOUT.condition })
    .toBe(pathname + search);
}

/**
 * Saves a picture of the page for a person to review, when E2E_SCREENSHOT_DIR names a folder;
 * otherwise takes none. Journeys assert through the page itself, never through pictures.
 */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  if (!SCREENSHOT_DIR) return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/** Saves a PDF's first page as a picture beside the screenshots (poppler's pdftoppm), when E2E_SCREENSHOT_DIR names a folder. */
export function pdfScreenshot(pdfPath: string, name: string) {
  if (!SCREENSHOT_DIR) return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  execFileSync("pdftoppm", ["-png", "-r", "72", "-singlefile", "-f", "1", pdfPath, path.join(SCREENSHOT_DIR, name)]);
}

/**
 * The element's box once the page's finite animations have run: dialogs and panels zoom and
 * slide in, so a box read straight after opening one can be a few pixels short.
 */
export async function settledBox(locator: Locator) {
  await animationsSettled(locator.page());
  return locator.boundingBox();
}

/** Resolves once the page's finite animations (dialogs zooming in, panels sliding) have run. */
export async function animationsSettled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

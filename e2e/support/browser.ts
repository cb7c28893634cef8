import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from "playwright-core";
import { TIMEOUT } from "./timeouts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const LAUNCH = {
  executablePath: CHROMIUM,
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-quic",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(LAUNCH);
}

/**
 * A browser with a real profile in `userDataDir` rather than an incognito context, for what
 * Chromium only offers outside incognito (installing the app). Close the context to close it.
 */
export function launchProfile(userDataDir: string, baseURL: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { ...LAUNCH, ...DESKTOP, baseURL, serviceWorkers: "allow" });
}

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

interface ContextOptions {
  baseURL: string;
  device?: "desktop" | "phone";
  /** Allow navigator.clipboard reads and writes (invite links are copied there). */
  clipboard?: boolean;
  /**
   * Let the app's service worker run. Off by default: requests a service worker answers are
   * invisible to page.route(), which many journeys use to hold or fail replies.
   */
  serviceWorkers?: boolean;
}

export async function newContext(
  browser: Browser,
  { baseURL, device = "desktop", clipboard = false, serviceWorkers = false }: ContextOptions,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...(device === "phone" ? PHONE : DESKTOP),
    serviceWorkers: serviceWorkers ? "allow" : "block",
    baseURL,
    locale: "en-US",
    timezoneId: "America/New_York",
    reducedMotion: "reduce",
  });
  context.setDefaultTimeout(TIMEOUT.condition);
  context.setDefaultNavigationTimeout(TIMEOUT.navigation);
  if (clipboard) await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  return context;
}

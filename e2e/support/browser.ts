import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type BrowserServer, type LaunchOptions } from "playwright-core";
import { TIMEOUT } from "../../testing/timeouts.ts";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";
// Debian's package chromium-headless-shell: the binary itself, not /usr/bin's shell wrapper, so
// that Playwright's signals reach the browser.
const DEBIAN_HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const CHOICES = ["headless-shell", "debian", "sparticuz"] as const;

const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-quic",
  "--no-first-run",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * @sparticuz/chromium's own switches that would change what the journeys check (CSP, CORS,
 * service workers, one process per site) or that Playwright sets itself; the rest (software GL,
 * fonts) are what it needs to run.
 */
const SPARTICUZ_DROPPED = /^--(disable-web-security|allow-running-insecure-content|single-process|no-zygote|disable-site-isolation-trials|disable-features=|headless)/;

/**
 * Which Chromium runs the journeys: CHROMIUM_PATH when set; otherwise Debian's headless shell
 * when it is installed (the same Chromium without the desktop browser's windowing and GPU
 * process: a fifth less CPU for the same journeys, and what Playwright itself runs headless),
 * else Debian's full Chromium at /usr/bin/chromium, else the one the npm package
 * @sparticuz/chromium ships (unpacked to the temporary folder on first use), so
 * `npm install && npm test` needs no apt step. E2E_CHROMIUM names one of them even where
 * another is installed, to check they behave the same.
 */
async function chromiumLaunch(): Promise<LaunchOptions> {
  const forced = process.env.E2E_CHROMIUM;
  if (forced !== undefined && !(CHOICES as readonly string[]).includes(forced)) {
    throw new Error(`E2E_CHROMIUM must be one of ${CHOICES.join(", ")}, not "${forced}".`);
  }
  if (process.env.CHROMIUM_PATH) return { executablePath: process.env.CHROMIUM_PATH, headless: true, args: ARGS };
  if (forced === "headless-shell" || (forced === undefined && fs.existsSync(DEBIAN_HEADLESS_SHELL))) {
    return { executablePath: DEBIAN_HEADLESS_SHELL, headless: true, args: ARGS };
  }
  if (forced === "debian" || (forced === undefined && fs.existsSync(DEBIAN_CHROMIUM))) {
    return { executablePath: DEBIAN_CHROMIUM, headless: true, args: ARGS };
  }
  const { default: packaged, inflate } = await import("@sparticuz/chromium");
  const executablePath = await packaged.executablePath();
  const args = [...new Set([...packaged.args.filter((arg) => !SPARTICUZ_DROPPED.test(arg)), ...ARGS])];
  return { executablePath, headless: true, args, env: await sharedLibraries(executablePath, inflate) };
}

/**
 * A machine without Debian's Chromium may lack the shared libraries it needs (NSS and the like);
 * the package ships them, built for Amazon Linux, and they are used only then.
 */
async function sharedLibraries(executablePath: string, inflate: (file: string) => Promise<string>): Promise<NodeJS.ProcessEnv | undefined> {
  let missing: boolean;
  try {
    missing = execFileSync("ldd", [executablePath], { encoding: "utf8" }).includes("not found");
  } catch {
    return undefined; // No ldd to ask: try the machine's own libraries.
  }
  if (!missing) return undefined;
  const lib = path.join(os.tmpdir(), "al2023", "lib");
  if (!fs.existsSync(lib)) await inflate(path.join(import.meta.dirname, "..", "..", "node_modules", "@sparticuz", "chromium", "bin", "al2023.tar.br"));
  return { ...process.env, LD_LIBRARY_PATH: [lib, process.env.LD_LIBRARY_PATH].filter(Boolean).join(":") };
}

let launchOptions: Promise<LaunchOptions> | undefined;
const launch = () => (launchOptions ??= chromiumLaunch());

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(await launch());
}

/**
 * One Chromium for a whole run of the journeys (started in e2e/support/global-setup.ts): each
 * test file connects to it instead of starting its own, which cost each file a launch.
 * Files stay apart as before: every test gets new
 * contexts (own cookies, storage, cache), and a file's connection closes the contexts it made.
 */
/** The journeys' Chromium with its DevTools port open at `port` (Lighthouse drives a browser through it). */
export async function launchDebuggableBrowser(port: number): Promise<Browser> {
  const options = await launch();
  return chromium.launch({ ...options, args: [...(options.args ?? []), `--remote-debugging-port=${port}`] });
}

export async function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(await launch());
}

export async function connectBrowser(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}

/**
 * A browser with a real profile in `userDataDir` rather than an incognito context, for what
 * Chromium only offers outside incognito (installing the app). Close the context to close it.
 */
export async function launchProfile(userDataDir: string, baseURL: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { ...(await launch()), ...DESKTOP, baseURL, serviceWorkers: "allow" });
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
  /** Off for a visitor whose browser runs no script (a page must work without it). */
  javaScriptEnabled?: boolean;
}

export async function newContext(
  browser: Browser,
  { baseURL, device = "desktop", clipboard = false, serviceWorkers = false, javaScriptEnabled = true }: ContextOptions,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...(device === "phone" ? PHONE : DESKTOP),
    serviceWorkers: serviceWorkers ? "allow" : "block",
    javaScriptEnabled,
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

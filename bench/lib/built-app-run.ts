// The browser sections' frame: the built app on a fresh data folder, one Chromium, and both
// gone (and the folder removed) whatever the measuring does.
import fs from "node:fs";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../../e2e/support/browser.js";
import { isBuilt, seededDataDir, startBuiltServer, type BuiltServer } from "./built-server.js";

export interface BuiltAppRun {
  /** Listings seeded before the server starts. */
  listings: number;
  /** Changes the data folder before the server opens it (placing listings on the map, say). */
  prepare?: (dataDir: string) => Promise<void>;
  measure: (app: { server: BuiltServer; browser: Browser }) => Promise<void>;
}

/** Runs `measure` on the built app; says so and measures nothing when `npm run build` has not run. */
export async function onBuiltApp({ listings, prepare, measure }: BuiltAppRun): Promise<void> {
  if (!isBuilt()) {
    console.log("  skipped: dist/server/index.js is missing; run `npm run build` first");
    return;
  }
  const dataDir = await seededDataDir(listings);
  try {
    await prepare?.(dataDir);
    const browser = await launchBrowser();
    try {
      const server = await startBuiltServer(dataDir);
      try {
        await measure({ server, browser });
      } finally {
        await server.stop();
      }
    } finally {
      await browser.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

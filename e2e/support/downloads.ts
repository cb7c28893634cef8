// Where a download's bytes are. The journeys connect to the run's one browser, and a
// connected browser keeps its downloads on its own side: `download.path()` is refused, so each is
// saved to a folder of this run's own first.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Download, Page } from "playwright-core";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-downloads-"));
let count = 0;

/** Saves the download and answers the file's path. */
export async function savedDownload(download: Download): Promise<string> {
  count += 1;
  const file = path.join(folder, `${count}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return file;
}

/** Clicks, waits for the download it starts, and answers it with the saved file's path. */
export async function downloadBy(page: Page, click: () => Promise<unknown>): Promise<{ file: Download; path: string }> {
  const [file] = await Promise.all([page.waitForEvent("download"), click()]);
  return { file, path: await savedDownload(file) };
}

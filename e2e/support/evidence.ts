// What a failing browser test leaves behind for whoever reads the failure: the Playwright trace of
// each of its browser contexts (open with `npx playwright-core show-trace <file>`) and the tail of
// its server's log, and each context's last requests and page errors as text (what CI prints,
// where the traces cannot be opened), in test-results/<run>/<file>-<test>/, where <run> is the vitest project's name
// (e2e, e2e-postgres, e2e-s3): CI runs them side by side, and each run clears only its own folder
// when it starts. `.ci/run` prints where when a run fails.
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { inject, type RunnerTestCase } from "vitest";

/** The folder of one run's evidence; the run's global setup clears it and provides it as `e2eEvidence`. */
export const evidenceRoot = (run: string) => path.resolve(import.meta.dirname, "..", "..", "test-results", run);

/**
 * Every context records a trace (DOM snapshots of each action, no screencast: screenshots made the
 * journeys about a third slower on two cores) from the start; it is saved only if its test fails.
 */
export const startTrace = (context: BrowserContext) => context.tracing.start({ snapshots: true });

/** The last requests and page errors of a context kept for its evidence: the end is what a failure reads. */
const ACTIVITY_KEPT = 60;
const activities = new WeakMap<BrowserContext, string[]>();

const clock = () => new Date().toISOString().slice(11, 23);
/** The port (a sibling server has its own) and the path; a data: or blob: address only begun. */
const shortUrl = (url: string) => {
  const { protocol, port, pathname, search } = new URL(url);
  return protocol.startsWith("http") ? `:${port}${pathname}${search}`.slice(0, 160) : url.slice(0, 60);
};
/** The app's built files: their answers are left out unless they failed, so the calls show. */
const isAsset = (url: string) => new URL(url).pathname.startsWith("/assets/");

/**
 * Keeps, from now on, each response's status (but the built files' that came) and each failed
 * request of the context, with the page's errors and navigations, stamped with the wall clock like the server's log.
 */
export function recordActivity(context: BrowserContext) {
  const lines: string[] = [];
  activities.set(context, lines);
  const add = (line: string) => {
    lines.push(`${clock()} ${line}`);
    if (lines.length > ACTIVITY_KEPT) lines.shift();
  };
  context.on("response", (response) => {
    if (response.status() < 400 && isAsset(response.url())) return;
    add(`${response.request().method()} ${shortUrl(response.url())} ${response.status()}`);
  });
  context.on("requestfailed", (request) => add(`${request.method()} ${shortUrl(request.url())} failed: ${request.failure()?.errorText ?? "?"}`));
  context.on("console", (message) => {
    if (message.type() === "error") add(`console error: ${message.text().slice(0, 200)}`);
  });
  context.on("weberror", (error) => add(`page error: ${error.error().message.slice(0, 200)}`));
  context.on("page", (page) =>
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) add(`page at ${shortUrl(frame.url())}`);
    }),
  );
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80);

export function evidenceDir(test: RunnerTestCase): string {
  const file = path.basename(test.file.name).replace(/\.(s3-)?e2e\.ts$/, "");
  return path.join(inject("e2eEvidence"), `${file}-${slug(test.name)}`);
}

/** Saves the contexts' traces and activity and the server's log for a failed test; returns the folder. */
export async function keepEvidence(test: RunnerTestCase, contexts: BrowserContext[], serverLog: string): Promise<string> {
  const dir = evidenceDir(test);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "server.log"), serverLog);
  // One context's files are trace.zip and activity.txt; several contexts' are numbered alike.
  const named = (base: string, i: number, ext: string) => path.join(dir, contexts.length === 1 ? `${base}.${ext}` : `${base}-${i + 1}.${ext}`);
  contexts.forEach((context, i) => {
    const lines = activities.get(context);
    if (lines?.length) fs.writeFileSync(named("activity", i, "txt"), `${lines.join("\n")}\n`);
  });
  await Promise.all(
    contexts.map((context, i) =>
      context.tracing.stop({ path: named("trace", i, "zip") }).catch((error: Error) => {
        fs.writeFileSync(path.join(dir, `trace-${i + 1}.error.txt`), error.message);
      }),
    ),
  );
  return dir;
}

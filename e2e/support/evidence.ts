// What a failing browser test leaves behind for whoever reads the failure: the Playwright trace of
// each of its browser contexts (open with `npx playwright-core show-trace <file>`) and the tail of
// its server's log, in test-results/<run>/<file>-<test>/, where <run> is the vitest project's name
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

/** Saves the contexts' traces and the server's log for a failed test; returns the folder. */
export async function keepEvidence(test: RunnerTestCase, contexts: BrowserContext[], serverLog: string): Promise<string> {
  const dir = evidenceDir(test);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "server.log"), serverLog);
  await Promise.all(
    contexts.map((context, i) =>
      context.tracing.stop({ path: path.join(dir, contexts.length === 1 ? "trace.zip" : `trace-${i + 1}.zip`) }).catch((error: Error) => {
        fs.writeFileSync(path.join(dir, `trace-${i + 1}.error.txt`), error.message);
      }),
    ),
  );
  return dir;
}

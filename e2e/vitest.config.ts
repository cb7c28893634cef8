import { defineConfig } from "vitest/config";
import { TIMEOUT } from "../testing/timeouts.ts";

// Browser journeys against the built app (npm run build first; `npm run test:e2e` does both).
export default defineConfig({
  test: {
    // The run's name: its failures' evidence goes to test-results/<name>/ (support/evidence.ts).
    name: "e2e",
    include: ["e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["e2e/support/global-setup.ts"],
    testTimeout: TIMEOUT.browserTest,
    hookTimeout: TIMEOUT.browserSetup,
    // expect.poll's own default is 1 s, which a loaded 2-core machine overran (a field error
    // shown after a click): polls wait as long as any other condition.
    expect: { poll: { timeout: TIMEOUT.condition } },
    // Each file starts its own server (and connects to the run's one browser). Two files at a
    // time: one alone leaves a third of the two cores idle while it waits on the browser.
    fileParallelism: true,
    maxWorkers: 2,
    // Each worker runs its files in turn instead of a new process importing vitest and Playwright
    // for each, and a file starts its worker's next file's server while it runs
    // (support/start-server.ts). Files share no state but the support modules' counters: each has
    // its own server and contexts.
    isolate: false,
  },
});

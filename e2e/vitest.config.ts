import { defineConfig } from "vitest/config";
import { TIMEOUT } from "./support/timeouts.ts";

// Browser journeys against the built app (npm run build first; `npm run test:e2e` does both).
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["e2e/support/global-setup.ts"],
    testTimeout: TIMEOUT.test,
    hookTimeout: TIMEOUT.hook,
    // Each file starts its own server and browser; two cores cannot run two of those at once.
    fileParallelism: false,
    maxWorkers: 1,
  },
});

// The S3 storage tests (*.s3-test.ts), against a real S3-compatible server. Not part of the main
// run: CI starts one first (scripts/start-swift.sh prints the variables) and then runs
// `npm run test:s3`, which also runs the browser's upload against it (e2e/vitest.s3.config.ts).
import { defineConfig } from "vitest/config";
import { requireS3TestEnv } from "./server/test/require-s3-env.ts";
import { TIMEOUT } from "./testing/timeouts.ts";

requireS3TestEnv("vitest.s3.config.ts");

export default defineConfig({
  test: {
    include: ["server/**/*.s3-test.ts"],
    environment: "node",
    globalSetup: ["server/test/global-setup.ts"],
    testTimeout: TIMEOUT.slow,
    hookTimeout: TIMEOUT.serverSetup,
    maxWorkers: 2,
  },
});

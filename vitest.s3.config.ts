// The S3 storage tests (*.s3-test.ts), against a real S3-compatible server. Not part of the main
// run: CI starts one first (scripts/start-swift.sh prints the variables) and then runs
//   npx vitest run --config vitest.s3.config.ts
import { defineConfig } from "vitest/config";

const missing = ["TEST_S3_ENDPOINT", "TEST_S3_ACCESS_KEY_ID", "TEST_S3_SECRET_ACCESS_KEY"].filter((v) => !process.env[v]);
if (missing.length) {
  throw new Error(
    `vitest.s3.config.ts needs ${missing.join(", ")}. Start a server with \`eval "$(sudo scripts/start-swift.sh)"\`.`,
  );
}

export default defineConfig({
  test: {
    include: ["server/**/*.s3-test.ts"],
    environment: "node",
    globalSetup: ["server/test/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});

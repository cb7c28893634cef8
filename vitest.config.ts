import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // *.pg-test.ts need a real PostgreSQL server; they join the run when one is configured.
    // scripts/*.test.ts run once per npm test, in the unit layer (vitest.unit.config.ts).
    include: [
      "server/**/*.test.ts",
      "shared/**/*.test.ts",
      ...(process.env.TEST_DATABASE_URL ? ["server/**/*.pg-test.ts"] : []),
    ],
    environment: "node",
    globalSetup: ["server/test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers than that only adds contention.
    maxWorkers: 2,
  },
});

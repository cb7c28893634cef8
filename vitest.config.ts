import { defineConfig } from "vitest/config";
import { TIMEOUT } from "./testing/timeouts.ts";

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
    testTimeout: TIMEOUT.server,
    hookTimeout: TIMEOUT.serverSetup,
    // expect.poll's own default is 1 s, short for a condition reached through the database and
    // timers on a loaded 2-core machine; a poll fails only when its condition never comes.
    expect: { poll: { timeout: TIMEOUT.condition } },
    // A worker runs many files in one module graph instead of importing the app again for each:
    // import was a quarter of the suite's time. Every file still gets its own fresh database;
    // docs/decisions/247-server-suite-shares-workers.md says what a file must leave as it found it.
    isolate: false,
    // Three on two cores: with two, the second core idled a tenth of the run (tests waiting on
    // timers, spawned servers and sockets) and the last long file ran alone (327 s against 310 s).
    maxWorkers: 3,
    // Node 24's V8 can abort a worker that has made and dropped many PGlite (WebAssembly)
    // instances ("Check failed: jit_page_->allocations_.erase(addr) == 1" in
    // UnregisterWasmAllocation, nodejs/node#66366, fixed upstream, not yet in 24.x): it came once
    // in a whole run. Keeping compiled wasm code instead of collecting it avoids that path; a
    // worker's few PGlite modules are the same code each time.
    execArgv: ["--no-wasm-code-gc"],
  },
});

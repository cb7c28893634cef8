import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;

// The fast layer: pure client logic (filters, sorting, formatting, the API client's error
// reading, cache keys) and checks of the repository itself, in Node, no server, no browser.
export default defineConfig({
  resolve: {
    alias: {
      "@": path.join(root, "client", "src"),
      "@shared": path.join(root, "shared"),
    },
  },
  test: {
    include: ["client/**/*.test.ts", "scripts/**/*.test.ts", "testing/**/*.test.ts"],
    environment: "node",
    // Dates are written the same on every machine.
    env: { TZ: "UTC" },
    // Pure functions: one worker may run many files, which spares a module graph per file.
    isolate: false,
    maxWorkers: 2,
  },
});

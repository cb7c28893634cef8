import { defineConfig } from "drizzle-kit";

// Only generates SQL from server/db/tables.ts; migrations are applied by the app at start-up.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/tables.ts",
  out: "./migrations",
});

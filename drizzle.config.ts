import { defineConfig } from "drizzle-kit";

// Only generates SQL from shared/schema.ts; migrations are applied by the app at start-up.
export default defineConfig({
  dialect: "postgresql",
  schema: "./shared/schema.ts",
  out: "./migrations",
});

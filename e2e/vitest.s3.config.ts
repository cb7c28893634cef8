import { defineConfig } from "vitest/config";
import { requireS3TestEnv } from "../server/test/require-s3-env.ts";
import e2e from "./vitest.config.ts";

// The image upload in the browser, straight to a real S3-compatible server's presigned URL
// (see vitest.s3.config.ts); part of `npm run test:s3`.
requireS3TestEnv("e2e/vitest.s3.config.ts");

export default defineConfig({ test: { ...e2e.test, name: "e2e-s3", include: ["e2e/**/*.s3-e2e.ts"] } });

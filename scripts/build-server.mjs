// Bundles the server into dist/server/index.js; npm packages stay external (node_modules).
// Worker threads are entry points of their own, emitted beside it (the server finds them
// relative to its own file).
import { build } from "esbuild";

await build({
  entryPoints: {
    index: "server/index.ts",
    "flyer-parse-worker": "server/integrations/flyer-link/flyer-parse-worker.ts",
    "import-read-worker": "server/features/imports/import-read-worker.ts",
    "document-inspect-worker": "server/features/documents/document-inspect-worker.ts",
    "watermark-worker": "server/features/deal-room/watermark-worker.ts",
    "page-render-worker": "server/features/deal-room/page-render-worker.ts",
    "om-render-worker": "server/features/om/om-render-worker.ts",
  },
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});

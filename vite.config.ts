import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

const root = import.meta.dirname;
const LUCIDE_ICON_MODULE = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

export default defineConfig({
  root: path.join(root, "client"),
  // The server answers every unknown path with index.html, so asset URLs must be absolute.
  base: "/",
  plugins: [
    // lucide's icon modules make their components with our smaller createLucideIcon
    // (client/src/lib/lucide-icon.ts says why); the icons themselves are lucide's. Their paths'
    // React keys go too: ours passes the paths as arguments, not as a list, so none are needed.
    {
      name: "lucide-icon",
      enforce: "pre",
      resolveId(source, importer) {
        if (source !== "../createLucideIcon.mjs" || !importer || !LUCIDE_ICON_MODULE.test(importer)) return null;
        return path.join(root, "client", "src", "lib", "lucide-icon.ts");
      },
      transform(code, id) {
        if (!LUCIDE_ICON_MODULE.test(id)) return null;
        return { code: code.replace(/,\s*key: "[^"]*"/g, ""), map: null };
      },
    },
    react(),
    tailwindcss(),
    // The installable app: the manifest and a service worker of our own (client/src/sw.ts) with
    // the build's precache list injected.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      injectManifest: { globPatterns: ["**/*.{js,css,html,svg,png,webp,woff2}"] },
      manifest: {
        name: "Listing Desk",
        short_name: "Listing Desk",
        description: "Your team's workspace for commercial real-estate listings.",
        id: "/",
        start_url: "/",
        scope: "/",
        display: "standalone",
        background_color: "#fcfcfd",
        theme_color: "#fcfcfd",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
    }),
  ],
  resolve: {
    alias: [
      { find: "@", replacement: path.join(root, "client", "src") },
      { find: "@shared", replacement: path.join(root, "shared") },
      // React has useSyncExternalStore itself: wouter's shim for older Reacts is not needed.
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: path.join(root, "client", "src", "lib", "react-sync-external-store.ts") },
    ],
  },
  build: {
    outDir: path.join(root, "dist", "client"),
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each entry and page import, read by the first page's
    // size check (e2e/client-bundle.e2e.ts). Not served (a dot folder) and not precached.
    manifest: true,
    // No lists of what each lazy chunk imports (and no modulepreload polyfill): a chunk's imports
    // load as the browser reads it, one round trip later, and the lists' hashed file names cost the
    // first page 3.4 KB gzip. A lazy
    // chunk's CSS is still fetched with it.
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The signed-in first page is the shell and Active Listings: two chunks, not thirty. Left
          // alone, the page's parts that other screens also use fall into some twenty small shared
          // chunks, each gzipped on its own (about 10 KB more). The shell group keeps what the entry
          // loads in the entry, so the page's group never pulls into it.
          groups: [
            { name: "index", tags: ["$initial"], priority: 2 },
            { name: "active-listings", test: /[\\/]active-listings-page\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: "http://localhost:5000", changeOrigin: false },
    },
  },
});

import fs from "node:fs";
import path from "node:path";
import express, { Router } from "express";

/**
 * Serves the built SPA: hashed assets cached for a year, anything else that is not an API call
 * gets index.html (never cached) so the client router can show the page, or its 404 page.
 */
export function spaRoutes(distDir: string): Router {
  const router = Router();
  const indexFile = path.join(distDir, "index.html");
  if (!fs.existsSync(indexFile)) return router;
  router.use(
    "/assets",
    express.static(path.join(distDir, "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: false }),
  );
  // The service worker and the manifest keep their names across deploys: browsers must ask for
  // them again each time, or a new version would wait an hour to be noticed.
  const revalidated = new Set(["sw.js", "manifest.webmanifest"]);
  router.use(
    express.static(distDir, {
      index: false,
      maxAge: "1h",
      setHeaders: (res, file) => {
        if (revalidated.has(path.basename(file))) res.setHeader("Cache-Control", "no-cache");
      },
    }),
  );
  router.get(/^(?!\/api\/).*/, (_req, res) => {
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(indexFile);
  });
  return router;
}

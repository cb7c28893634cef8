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
  router.use(express.static(distDir, { index: false, maxAge: "1h" }));
  router.get(/^(?!\/api\/).*/, (_req, res) => {
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(indexFile);
  });
  return router;
}

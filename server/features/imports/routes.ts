import { Router } from "express";
import { importPreviewRequestSchema, importRowsQuerySchema } from "../../../shared/imports/wire.js";
import { isPostgres, type Db } from "../../db/database.js";
import type { ChangeBus } from "../../events/change-bus.js";
import { notifyThrough } from "../../events/local-writes.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { dbRateLimit } from "../../http/rate-limit.js";
import { parse } from "../../http/validate.js";
import {
  CommitProgress,
  commitImport,
  failuresCsv,
  getImportDto,
  importHistory,
  importRowsPage,
  previewImport,
  undoImport,
} from "./service.js";

const toOwnBus = (bus: ChangeBus) => async (payload: string) => bus.receive(payload);

export function importsRoutes(db: Db, changes?: ChangeBus): Router {
  const router = Router();
  // Several servers share a PostgreSQL database: each tells the others how its commits go. PGlite
  // serves this process only, and its one connection is busy with the commit: straight to the bus.
  const progress = new CommitProgress({ bus: changes, send: isPostgres(db) ? notifyThrough(db) : changes && toOwnBus(changes) });
  // A preview reads and checks up to 100,000 rows: expensive, so counted per person.
  const previewLimit = dbRateLimit(db, {
    name: "import-preview",
    limit: 60,
    windowMs: 60 * 60 * 1000,
    message: "Too many previews in the last hour. Please wait a few minutes and try again.",
    key: (req) => `user:${req.user?.id ?? "anonymous"}`,
  });

  router.post("/api/imports/preview", requireUser, previewLimit, async (req, res) => {
    res.json(await previewImport(db, parse(importPreviewRequestSchema, req.body), currentUser(req).id));
  });

  router.get("/api/imports", requireUser, async (req, res) => {
    res.json({ imports: await importHistory(db, currentUser(req), progress) });
  });

  router.get("/api/imports/:id", requireUser, async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json(await getImportDto(db, String(req.params.id), currentUser(req), progress));
  });

  router.get("/api/imports/:id/rows", requireUser, async (req, res) => {
    res.json(await importRowsPage(db, String(req.params.id), currentUser(req), parse(importRowsQuerySchema, req.query)));
  });

  router.get("/api/imports/:id/failures.csv", requireUser, async (req, res) => {
    const { fileName, text } = await failuresCsv(db, String(req.params.id), currentUser(req));
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="${fileName.replace(/[^\w. -]/g, "_")}"`);
    res.setHeader("Cache-Control", "no-store");
    res.send(text);
  });

  router.post("/api/imports/:id/commit", requireUser, async (req, res) => {
    res.json(await commitImport(db, String(req.params.id), currentUser(req), progress));
  });

  router.post("/api/imports/:id/undo", requireUser, async (req, res) => {
    res.json(await undoImport(db, String(req.params.id), currentUser(req)));
  });

  return router;
}

import { Router } from "express";
import type { Db } from "../../db/database.js";
import { requireAdmin } from "../../http/guards.js";
import { backupStatus, type BackupConfig } from "./service.js";

/** The last backup's time, size and result, for the admins' section of Settings (read-only). */
export function backupsRoutes(db: Db, config: BackupConfig): Router {
  const router = Router();
  router.get("/api/backups/status", requireAdmin, async (_req, res) => {
    res.set("Cache-Control", "no-store");
    res.json(await backupStatus(db, config));
  });
  return router;
}

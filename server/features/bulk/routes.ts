import { Router } from "express";
import type { Db } from "../../db/database.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { parseBulkEdit } from "./rules.js";
import { bulkEditListings } from "./service.js";

// Bulk delete needs no route here: the client deletes each selected listing (spec §7).
export function bulkRoutes(db: Db): Router {
  const router = Router();

  // Ids that no longer exist are skipped: those listings were deleted since the screen showed them
  // (docs/decisions/053-bulk-edit.md).
  router.put("/api/listings/bulk", requireUser, async (req, res) => {
    const { ids, updates } = parseBulkEdit(req.body);
    res.json({ updated: await bulkEditListings(db, ids, updates, currentUser(req).id) });
  });

  return router;
}

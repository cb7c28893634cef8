import { Router } from "express";
import type { Db } from "../../db/database.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { notFound } from "../../http/http-error.js";
import { bulkEditListings, parseBulkEdit, undoBulkEdit } from "./service.js";

// Bulk delete needs no route here: the client deletes each selected listing (spec §7).
export function bulkRoutes(db: Db): Router {
  const router = Router();

  // Ids that no longer exist are skipped: those listings were deleted since the screen showed them.
  // The reply names the bulk edit, for its Undo.
  router.put("/api/listings/bulk", requireUser, async (req, res) => {
    const { ids, updates } = parseBulkEdit(req.body);
    res.json(await bulkEditListings(db, ids, updates, currentUser(req).id));
  });

  // The person who made the bulk edit, or an admin.
  router.post("/api/listings/bulk/:actionId/undo", requireUser, async (req, res) => {
    const actionId = String(req.params.actionId);
    if (!/^\d{1,9}$/.test(actionId)) throw notFound("That bulk edit was not found");
    const { id, isAdmin } = currentUser(req);
    res.json(await undoBulkEdit(db, Number(actionId), { id, isAdmin }));
  });

  return router;
}

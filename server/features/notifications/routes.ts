import { Router } from "express";
import type { Db } from "../../db/database.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { idParam } from "../../http/id-param.js";
import { VERSIONED_CACHE_CONTROL } from "../../http/versioned-replies.js";
import { listNotifications, markAllRead, markRead } from "./service.js";

export function notificationsRoutes(db: Db): Router {
  const router = Router();

  // Polled every 5 seconds: a versioned list (server/app.ts, versionRulesOf), so an unchanged
  // one is answered 304 from memory before this runs; this builds the list when it changed.
  router.get("/api/notifications", requireUser, async (req, res) => {
    // Without a version (the change bus down) Express's body ETag revalidates it; never kept stale.
    res.set("Cache-Control", VERSIONED_CACHE_CONTROL);
    res.json(await listNotifications(db, currentUser(req).id));
  });

  router.post("/api/notifications/read-all", requireUser, async (req, res) => {
    await markAllRead(db, currentUser(req).id);
    res.status(204).end();
  });

  router.post("/api/notifications/:id/read", requireUser, async (req, res) => {
    const id = idParam(req.params.id, "Notification");
    await markRead(db, currentUser(req).id, id);
    res.status(204).end();
  });

  return router;
}

import { Router } from "express";
import type { Db } from "../../db/database.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { idParam } from "../../http/id-param.js";
import { markAllRead, markRead, notificationsSnapshot, notificationsVersion } from "./service.js";

// The user's id is part of the tag, so a browser that changes hands never revalidates one
// person's list with another's tag. The "n1" names the reply's format: change it with the shape.
const etagOf = (userId: number, version: string) => `"n1-${userId}-${version}"`;

export function notificationsRoutes(db: Db): Router {
  const router = Router();

  // Polled every 5 seconds: an unchanged list costs one digest of the newest ids and read flags
  // (no messages, no JSON) and a 304; the list is built only when it changed.
  router.get("/api/notifications", requireUser, async (req, res) => {
    const { id: userId } = currentUser(req);
    res.set("Cache-Control", "private, no-cache");
    res.set("ETag", etagOf(userId, await notificationsVersion(db, userId)));
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    const { version, list } = await notificationsSnapshot(db, userId);
    res.set("ETag", etagOf(userId, version));
    res.json(list);
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

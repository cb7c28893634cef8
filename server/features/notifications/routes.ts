import { Router } from "express";
import type { Db } from "../../db/database.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { notFound } from "../../http/http-error.js";
import { idParam } from "../../http/id-param.js";
import { markAllRead, markRead, notificationsSnapshot, notificationsVersion } from "./data.js";

/** The panel shows the newest this many (docs/decisions/041-notifications-polling.md). */
export const NOTIFICATION_LIST_LIMIT = 50;

// The user's id is part of the tag, so a browser that changes hands never revalidates one
// person's list with another's tag. The "n1" names the reply's format: change it with the shape.
const etagOf = (userId: number, version: string) => `"n2-${userId}-${version}"`;

export function notificationsRoutes(db: Db): Router {
  const router = Router();

  // Polled every 5 seconds: an unchanged list costs one digest of the newest ids, read flags and
  // their notes' versions (no messages, no JSON) and a 304; the list is built only when it changed.
  router.get("/api/notifications", requireUser, async (req, res) => {
    const { id: userId } = currentUser(req);
    res.set("Cache-Control", "private, no-cache");
    res.set("ETag", etagOf(userId, await notificationsVersion(db, userId, NOTIFICATION_LIST_LIMIT)));
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    const { version, list } = await notificationsSnapshot(db, userId, NOTIFICATION_LIST_LIMIT);
    res.set("ETag", etagOf(userId, version));
    res.json(list);
  });

  router.post("/api/notifications/read-all", requireUser, async (req, res) => {
    await markAllRead(db, currentUser(req).id);
    res.status(204).end();
  });

  router.post("/api/notifications/:id/read", requireUser, async (req, res) => {
    const id = idParam(req.params.id, "Notification");
    // Someone else's notification answers as a missing one, so ids reveal nothing.
    if (!(await markRead(db, currentUser(req).id, id))) throw notFound("Notification not found");
    res.status(204).end();
  });

  return router;
}

import { Router } from "express";
import { patchSettingsSchema } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { parse } from "../../http/validate.js";
import { getSettings, saveSettings } from "./service.js";

// Always the signed-in user's own row: the user id comes from the session, never the request.
export function settingsRoutes(db: Db): Router {
  const router = Router();

  router.get("/api/settings", requireUser, async (req, res) => {
    res.json(await getSettings(db, currentUser(req).id));
  });

  router.patch("/api/settings", requireUser, async (req, res) => {
    const values = parse(patchSettingsSchema, req.body);
    res.json(await saveSettings(db, currentUser(req).id, values));
  });

  return router;
}

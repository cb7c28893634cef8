import { Router } from "express";
import { appAddressUpdateSchema } from "../../../shared/app-address.js";
import type { Db } from "../../db/database.js";
import { currentUser, requireAdmin, requireUser } from "../../http/guards.js";
import { parse } from "../../http/validate.js";
import { getAppAddress, saveAppAddress } from "./service.js";

// Everyone signed in reads the app's address (Settings shows it); only admins change it.
export function appAddressRoutes(db: Db, publicUrl: string | undefined): Router {
  const router = Router();

  router.get("/api/settings/app-address", requireUser, async (_req, res) => {
    res.json(await getAppAddress(db, publicUrl));
  });

  router.put("/api/settings/app-address", requireAdmin, async (req, res) => {
    const update = parse(appAddressUpdateSchema, req.body);
    res.json(await saveAppAddress(db, update, currentUser(req).id, publicUrl));
  });

  return router;
}

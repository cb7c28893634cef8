import { Router } from "express";
import { brandSchema } from "../../../shared/brand.js";
import type { Db } from "../../db/database.js";
import { currentUser, requireAdmin, requireUser } from "../../http/guards.js";
import { parse } from "../../http/validate.js";
import { getBrand, saveBrand, type SaveBrandDeps } from "./service.js";

// Everyone reads the brand (their flyers carry it); only admins change it.
export function brandRoutes(db: Db, deps: SaveBrandDeps): Router {
  const router = Router();

  router.get("/api/brand", requireUser, async (_req, res) => {
    res.json(await getBrand(db));
  });

  router.put("/api/brand", requireAdmin, async (req, res) => {
    const update = parse(brandSchema, req.body);
    res.json(await saveBrand(db, currentUser(req).id, update, deps));
  });

  return router;
}

import { Router } from "express";
import { insertViewSchema, patchViewSchema } from "../../../shared/saved-views.js";
import type { Db } from "../../db/database.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { idParam } from "../../http/id-param.js";
import { parse } from "../../http/validate.js";
import { editView, listViews, removeView, saveView } from "./service.js";

// Every member reads and saves views; who may change which view is the service's rule.
export function viewsRoutes(db: Db): Router {
  const router = Router();

  router.get("/api/views", requireUser, async (req, res) => {
    res.json(await listViews(db, currentUser(req)));
  });

  router.post("/api/views", requireUser, async (req, res) => {
    res.status(201).json(await saveView(db, currentUser(req), parse(insertViewSchema, req.body)));
  });

  router.patch("/api/views/:id", requireUser, async (req, res) => {
    res.json(await editView(db, currentUser(req), idParam(req.params.id, "View"), parse(patchViewSchema, req.body)));
  });

  router.delete("/api/views/:id", requireUser, async (req, res) => {
    await removeView(db, currentUser(req), idParam(req.params.id, "View"));
    res.status(204).end();
  });

  return router;
}

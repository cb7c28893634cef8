import { Router } from "express";
import { publicationUpdateSchema } from "../../../shared/public-page.js";
import type { Db } from "../../db/database.js";
import { currentUser, requireUser } from "../../http/guards.js";
import type { PublicOrigin } from "../../http/public-origin.js";
import { parse } from "../../http/validate.js";
import { getPublication, rotatePublication, savePublication } from "./publication.js";
import type { PublicPageService } from "./service.js";

// Every signed-in teammate may publish any listing, as they may edit it (the team shares listings).
export function publicationRoutes(db: Db, publicOrigin: PublicOrigin, pages: PublicPageService): Router {
  const router = Router();

  router.get("/api/listings/:id/publication", requireUser, async (req, res) => {
    res.json(await getPublication(db, String(req.params.id), await publicOrigin(req)));
  });

  router.put("/api/listings/:id/publication", requireUser, async (req, res) => {
    const update = parse(publicationUpdateSchema, req.body);
    res.json(await savePublication(db, String(req.params.id), update, currentUser(req).id, await publicOrigin(req)));
  });

  router.post("/api/listings/:id/publication/rotate", requireUser, async (req, res) => {
    res.json(await rotatePublication(db, String(req.params.id), currentUser(req).id, await publicOrigin(req)));
  });

  router.get("/api/listings/:id/marketing", requireUser, async (req, res) => {
    res.json(await pages.marketing(String(req.params.id)));
  });

  return router;
}

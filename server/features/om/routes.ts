import { Router, type RequestHandler } from "express";
import { omPublishSchema, omSectionsSchema } from "../../../shared/om-sections.js";
import { currentUser, requireAdmin, requireUser } from "../../http/guards.js";
import { notFound } from "../../http/http-error.js";
import { parse } from "../../http/validate.js";
import { omHeaders, type OmService } from "./service.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const listingId: RequestHandler = (req, _res, next) => next(UUID.test(String(req.params.id)) ? undefined : notFound("Listing not found"));

// Every signed-in teammate builds and downloads any listing's OM (the team shares listings);
// the brokerage's defaults are the admins'.
export function omRoutes(oms: OmService): Router {
  const router = Router();

  router.get("/api/listings/:id/om.pdf", requireUser, listingId, async (req, res) => {
    const om = await oms.om(String(req.params.id), req.get("if-none-match"), currentUser(req).id);
    for (const [name, value] of Object.entries(omHeaders(om))) res.setHeader(name, value);
    if (!om.pdf) {
      res.status(304).end();
      return;
    }
    res.end(om.pdf);
  });

  router.get("/api/listings/:id/om", requireUser, listingId, async (req, res) => {
    res.set("Cache-Control", "no-store").json(await oms.builder(String(req.params.id)));
  });
  router.put("/api/listings/:id/om", requireUser, listingId, async (req, res) => {
    const { sections } = parse(omSectionsSchema, req.body);
    res.json(await oms.saveSections(String(req.params.id), sections, currentUser(req).id));
  });

  // Admins and the listing's agent (the service checks which member that is).
  router.post("/api/listings/:id/om/publish", requireUser, listingId, async (req, res) => {
    const { summary } = parse(omPublishSchema, req.body);
    res.status(201).json(await oms.publish(String(req.params.id), summary, currentUser(req)));
  });

  router.get("/api/settings/om-defaults", requireUser, async (_req, res) => {
    res.set("Cache-Control", "no-store").json({ sections: await oms.defaults() });
  });
  router.put("/api/settings/om-defaults", requireAdmin, async (req, res) => {
    const { sections } = parse(omSectionsSchema, req.body);
    res.json({ sections: await oms.saveDefaults(sections, currentUser(req).id) });
  });

  return router;
}

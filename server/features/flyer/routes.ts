import { Router } from "express";
import { currentUser, requireUser } from "../../http/guards.js";
import { badRequest, notFound } from "../../http/http-error.js";
import { flyerHeaders, PAPERS, type FlyerService, type Paper } from "./service.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAPER_MESSAGE = "paper must be letter or a4";

function paperOf(value: unknown): Paper {
  if (value === undefined) return "letter";
  if (typeof value === "string" && Object.hasOwn(PAPERS, value)) return value as Paper;
  throw badRequest(PAPER_MESSAGE, { paper: PAPER_MESSAGE });
}

// Every signed-in teammate may make any listing's flyer (the team shares listings).
export function flyerRoutes(flyers: FlyerService): Router {
  const router = Router();

  router.get("/api/listings/:id/flyer.pdf", requireUser, async (req, res) => {
    const id = String(req.params.id);
    const paper = paperOf(req.query.paper);
    if (!UUID.test(id)) throw notFound("Listing not found");
    const flyer = await flyers.flyer(id, paper, req.get("if-none-match"), currentUser(req).id);
    for (const [name, value] of Object.entries(flyerHeaders(flyer))) res.setHeader(name, value);
    if (!flyer.pdf) {
      res.status(304).end();
      return;
    }
    res.end(flyer.pdf);
  });

  return router;
}

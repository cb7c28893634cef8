import { Router } from "express";
import { isZip } from "../../../shared/map-area.js";
import { requireUser } from "../../http/guards.js";
import { HttpError } from "../../http/http-error.js";
import { basemapFor, zipCentre } from "./service.js";

// Read-only, for any signed-in member: the map view's basemap settings and the ZIP centres its
// "within N miles of a ZIP" filter counts from. The ZIP table stays here, off the first page.
export function mapsRoutes(config: { MAP_TILES_URL?: string; MAP_ATTRIBUTION?: string }): Router {
  const router = Router();
  const basemap = basemapFor(config);

  router.get("/api/maps/basemap", requireUser, (_req, res) => {
    res.json(basemap);
  });

  router.get("/api/maps/zips/:zip", requireUser, (req, res) => {
    const zip = String(req.params.zip);
    if (!isZip(zip)) throw new HttpError(400, "A ZIP code is five digits");
    res.json({ zip, centre: zipCentre(zip) });
  });

  return router;
}

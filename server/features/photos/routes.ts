import { Router, type Request, type RequestHandler } from "express";
import { addPhotoSchema, patchPhotoSchema, photoOrderSchema } from "../../../shared/photos.js";
import type { Db } from "../../db/database.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { notFound } from "../../http/http-error.js";
import { idParam } from "../../http/id-param.js";
import { parse } from "../../http/validate.js";
import { addPhoto, checkNewPhotoUrl, listPhotos, patchPhoto, removePhoto, reorderPhotos } from "./service.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Listing ids are uuids: anything else names no listing.
const listingId: RequestHandler = (req, _res, next) => next(UUID.test(String(req.params.id)) ? undefined : notFound("Listing not found"));
const idOf = (req: Request) => String(req.params.id);

export interface PhotosRoutesDeps {
  /** Makes the gallery's copy of an uploaded image once (the images feature); refuses what does not decode. */
  prepareImage(key: string): Promise<void>;
}

// Agents and admins alike manage every listing's photos: the team shares listings.
export function photosRoutes(db: Db, deps: PhotosRoutesDeps): Router {
  const router = Router();
  const guarded = [requireUser, listingId];

  router.get("/api/listings/:id/photos", ...guarded, async (req, res) => {
    res.set("Cache-Control", "no-store").json(await listPhotos(db, idOf(req)));
  });

  router.post("/api/listings/:id/photos", ...guarded, async (req, res) => {
    const input = parse(addPhotoSchema, req.body);
    await checkNewPhotoUrl(db, input.url, deps.prepareImage);
    res.status(201).json(await addPhoto(db, idOf(req), input, currentUser(req).id));
  });

  // Before /:photoId, which "order" is not.
  router.put("/api/listings/:id/photos/order", ...guarded, async (req, res) => {
    const { ids } = parse(photoOrderSchema, req.body);
    res.json(await reorderPhotos(db, idOf(req), ids, currentUser(req).id));
  });

  router.patch("/api/listings/:id/photos/:photoId", ...guarded, async (req, res) => {
    const photoId = idParam(req.params.photoId, "Photo");
    const patch = parse(patchPhotoSchema, req.body);
    res.json(await patchPhoto(db, idOf(req), photoId, patch, currentUser(req).id));
  });

  router.delete("/api/listings/:id/photos/:photoId", ...guarded, async (req, res) => {
    await removePhoto(db, idOf(req), idParam(req.params.photoId, "Photo"), currentUser(req).id);
    res.status(204).end();
  });

  return router;
}

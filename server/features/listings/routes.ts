import { Router, type Request, type RequestHandler } from "express";
import { BULK_ACTION_HEADER } from "../../../shared/audit.js";
import { z } from "zod";
import { newListingSchema, patchListingSchema } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { badRequest, notFound } from "../../http/http-error.js";
import { ifMatchVersions } from "../../http/if-match.js";
import { parse } from "../../http/validate.js";
import { renderingVersion } from "../../http/versioned-replies.js";
import {
  createListing,
  editListing,
  folderCounts,
  folderJson,
  getListing,
  listingTag,
  patchListing,
  removeListing,
  restoreListingValue,
  toggleListing,
  type Folder,
  type ListingsDeps,
  type ListingsListCache,
} from "./service.js";

const RESTORABLE = Object.keys(patchListingSchema.shape) as [keyof typeof patchListingSchema.shape, ...(keyof typeof patchListingSchema.shape)[]];
const restoreSchema = z.object({ field: z.enum(RESTORABLE, { error: "Choose a listing field to restore" }) });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Listing ids are uuids. Anything else is not one of ours: pass it on, so that sibling routes
 * such as PUT /api/listings/bulk work whatever order the routers are registered in, and an
 * unknown path ends in the API's 404.
 */
const listingId: RequestHandler = (req, _res, next) => next(UUID.test(String(req.params.id)) ? undefined : "route");

const NOTHING_TO_CHANGE = "Send at least one listing field to change";

const BULK_ACTION_MESSAGE = `The ${BULK_ACTION_HEADER} header must be the bulk delete's id (a uuid)`;

/** The bulk delete this DELETE belongs to (its header), checked before anything is deleted. */
function bulkActionOf(req: Request): string | undefined {
  const header = req.get(BULK_ACTION_HEADER);
  if (header === undefined) return undefined;
  if (!UUID.test(header.trim())) throw badRequest(BULK_ACTION_MESSAGE, { [BULK_ACTION_HEADER]: BULK_ACTION_MESSAGE });
  return header.trim().toLowerCase();
}

export interface ListingsRoutesDeps extends ListingsDeps {
  /** The lists kept in memory per listing; without it every list is read whole from the database. */
  listCache?: ListingsListCache;
}

// Members and admins alike manage listings.
export function listingsRoutes(db: Db, deps: ListingsRoutesDeps = {}): Router {
  const router = Router();
  const guarded = [requireUser, listingId];

  // From the listings kept in memory when the reply has a version,
  // from the database otherwise.
  const list = (folder: Folder): RequestHandler => async (_req, res) => {
    const { listCache } = deps;
    res.type("json").send(await folderJson(db, folder, renderingVersion(res) !== null ? listCache : undefined));
  };
  router.get("/api/listings", requireUser, list("all"));
  router.get("/api/listings/active", requireUser, list("active"));
  router.get("/api/listings/inactive", requireUser, list("inactive"));
  router.get("/api/listings/counts", requireUser, async (_req, res) => {
    res.json(await folderCounts(db));
  });

  // The ETag names the listing's version; an editor sends it back in If-Match.
  // It does not cover the agent's name or the note count,
  // so no cache may keep the reply and revalidate it against the tag.
  router.get("/api/listings/:id", ...guarded, async (req, res) => {
    const listing = await getListing(db, String(req.params.id));
    res.set({ ETag: listingTag(listing), "Cache-Control": "no-store" }).json(listing);
  });

  router.post("/api/listings", requireUser, async (req, res) => {
    const input = parse(newListingSchema, req.body);
    res.status(201).json(await createListing(db, deps, req.log, input, currentUser(req).id));
  });

  router.put("/api/listings/:id", ...guarded, async (req, res) => {
    const id = String(req.params.id);
    const values = parse(patchListingSchema, req.body);
    const listing = await editListing(db, id, values, currentUser(req).id, { versions: ifMatchVersions(req, "listing", id), geocodeStreets: deps.geocodeStreets });
    res.set("ETag", listingTag(listing)).json(listing);
  });

  // Only the fields the person changed, merged over saves made since the If-Match version when
  // those changed other fields.
  router.patch("/api/listings/:id", ...guarded, async (req, res) => {
    const id = String(req.params.id);
    const values = parse(patchListingSchema, req.body);
    if (Object.keys(values).length === 0) throw badRequest(NOTHING_TO_CHANGE);
    const saved = await patchListing(db, id, values, currentUser(req).id, ifMatchVersions(req, "listing", id), { geocodeStreets: deps.geocodeStreets });
    res.set("ETag", listingTag(saved)).json(saved);
  });

  router.delete("/api/listings/:id", ...guarded, async (req, res) => {
    await removeListing(db, String(req.params.id), currentUser(req).id, bulkActionOf(req));
    res.status(204).end();
  });

  router.post("/api/listings/:id/toggle", ...guarded, async (req, res) => {
    res.json(await toggleListing(db, String(req.params.id), "isActive", currentUser(req).id));
  });

  router.post("/api/listings/:id/toggle-starred", ...guarded, async (req, res) => {
    res.json(await toggleListing(db, String(req.params.id), "isStarred", currentUser(req).id));
  });

  // Through the same edit path as PUT: the old value meets today's rules, and an If-Match from
  // an older version of the listing gets the same 412.
  router.post("/api/listings/:id/activity/:entryId/restore", ...guarded, async (req, res) => {
    const id = String(req.params.id);
    const { field } = parse(restoreSchema, req.body);
    const entryId = String(req.params.entryId);
    if (!/^\d{1,12}$/.test(entryId)) throw notFound("That change is not in this listing's activity");
    const listing = await restoreListingValue(db, id, { entryId: Number(entryId), field }, currentUser(req).id, ifMatchVersions(req, "listing", id));
    res.set("ETag", listingTag(listing)).json(listing);
  });

  return router;
}

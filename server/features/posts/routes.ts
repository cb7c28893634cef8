import { Router } from "express";
import { currentUser, requireUser } from "../../http/guards.js";
import { notFound } from "../../http/http-error.js";
import { dbRateLimit } from "../../http/rate-limit.js";
import { regeneratePosts, type PostsContext } from "./service.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A remote model is paid per call: one person may not regenerate without end.
export const REGENERATE_LIMIT = { limit: 60, windowMs: 10 * 60 * 1000 };

// Every teammate may regenerate any listing's posts, as they may edit the listing itself.
export function postsRoutes(ctx: PostsContext): Router {
  const router = Router();
  const regenerateLimit = dbRateLimit(ctx.db, {
    ...REGENERATE_LIMIT,
    name: "regenerate-posts",
    key: (req) => String(currentUser(req).id),
    message: "Too many post regenerations. Please wait a few minutes and try again.",
  });

  router.post("/api/listings/:id/regenerate-posts", requireUser, regenerateLimit, async (req, res) => {
    const id = String(req.params.id);
    // Listing ids are uuids: anything else names no listing.
    if (!UUID.test(id)) throw notFound("Listing not found");
    res.json(await regeneratePosts(ctx, id, currentUser(req).id));
  });

  return router;
}

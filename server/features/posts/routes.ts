import { Router, type RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";
import { currentUser, requireUser } from "../../http/guards.js";
import { notFound } from "../../http/http-error.js";
import { regeneratePosts, type PostsContext } from "./service.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const REGENERATE_LIMIT = { limit: 60, windowMs: 10 * 60 * 1000 };
const TOO_MANY = "Too many post regenerations. Please wait a few minutes and try again.";

// A remote model is paid per call: one session may not regenerate without end.
const regenerateLimit = () =>
  rateLimit({
    ...REGENERATE_LIMIT,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    keyGenerator: (req) => `user:${currentUser(req).id}`,
    validate: { keyGeneratorIpFallback: false },
    handler: ((_req, res) => {
      res.status(429).json({ message: TOO_MANY });
    }) as RequestHandler,
  });

// Every teammate may regenerate any listing's posts, as they may edit the listing itself.
export function postsRoutes(ctx: PostsContext): Router {
  const router = Router();

  router.post("/api/listings/:id/regenerate-posts", requireUser, regenerateLimit(), async (req, res) => {
    const id = String(req.params.id);
    // Listing ids are uuids: anything else names no listing.
    if (!UUID.test(id)) throw notFound("Listing not found");
    res.json(await regeneratePosts(ctx, id));
  });

  return router;
}

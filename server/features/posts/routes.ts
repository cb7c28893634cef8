import { Router, type Request } from "express";
import { editPostSchema, regeneratePostsSchema } from "../../../shared/posts.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { notFound } from "../../http/http-error.js";
import type { PublicOrigin } from "../../http/public-origin.js";
import { dbRateLimit } from "../../http/rate-limit.js";
import { parse } from "../../http/validate.js";
import { addPageLinkToPosts, editPost, POST_NOT_FOUND, regeneratePost, regeneratePosts, type PostsContext } from "./service.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A remote model is paid per call: one person may not regenerate without end.
export const REGENERATE_LIMIT = { limit: 60, windowMs: 10 * 60 * 1000 };

/** Listing ids are uuids: anything else names no listing. */
function listingId(req: Request): string {
  const id = String(req.params.id);
  if (!UUID.test(id)) throw notFound("Listing not found");
  return id;
}

/** A post's place in the list, from 0 as stored (the screen's "Post 1" is index 0). */
function postIndex(req: Request): number {
  const index = String(req.params.index);
  if (!/^\d{1,3}$/.test(index)) throw notFound(POST_NOT_FOUND);
  return Number(index);
}

// Every teammate may write, edit and mark any listing's posts, as they may edit the listing itself.
export function postsRoutes(ctx: PostsContext, publicOrigin: PublicOrigin): Router {
  const router = Router();
  const regenerateLimit = dbRateLimit(ctx.db, {
    ...REGENERATE_LIMIT,
    name: "regenerate-posts",
    key: (req) => String(currentUser(req).id),
    message: "Too many post regenerations. Please wait a few minutes and try again.",
  });

  router.post("/api/listings/:id/regenerate-posts", requireUser, regenerateLimit, async (req, res) => {
    const id = listingId(req);
    res.json(await regeneratePosts(ctx, id, parse(regeneratePostsSchema, req.body), currentUser(req).id, await publicOrigin(req)));
  });

  router.post("/api/listings/:id/posts/:index/regenerate", requireUser, regenerateLimit, async (req, res) => {
    res.json(await regeneratePost(ctx, listingId(req), postIndex(req), currentUser(req).id, await publicOrigin(req)));
  });

  // No body: the page's current link goes into the posts that lack it (409 while it is not published).
  router.post("/api/listings/:id/posts/page-link", requireUser, async (req, res) => {
    res.json(await addPageLinkToPosts(ctx, listingId(req), currentUser(req).id, await publicOrigin(req)));
  });

  router.patch("/api/listings/:id/posts/:index", requireUser, async (req, res) => {
    const id = listingId(req);
    const index = postIndex(req);
    res.json(await editPost(ctx, id, index, parse(editPostSchema, req.body), currentUser(req).id));
  });

  return router;
}

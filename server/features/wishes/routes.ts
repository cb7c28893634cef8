import { Router } from "express";
import { insertWishCommentSchema, insertWishSchema, patchWishSchema } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { currentUser, requireAdmin, requireUser } from "../../http/guards.js";
import { idParam } from "../../http/id-param.js";
import { parse } from "../../http/validate.js";
import { commentOnWish, commentsOf, editWish, listWishes, postWish, removeComment, removeWish } from "./service.js";

// Any teammate may post a wish and read the discussion; editing, deleting and commenting are
// the admins' (spec §6).
export function wishesRoutes(db: Db): Router {
  const router = Router();

  router.get("/api/wishes", requireUser, async (_req, res) => {
    res.json(await listWishes(db));
  });

  router.post("/api/wishes", requireUser, async (req, res) => {
    res.status(201).json(await postWish(db, currentUser(req), parse(insertWishSchema, req.body)));
  });

  router.patch("/api/wishes/:id", requireAdmin, async (req, res) => {
    res.json(await editWish(db, idParam(req.params.id, "Wish"), parse(patchWishSchema, req.body)));
  });

  router.delete("/api/wishes/:id", requireAdmin, async (req, res) => {
    await removeWish(db, idParam(req.params.id, "Wish"));
    res.status(204).end();
  });

  router.get("/api/wishes/:id/comments", requireUser, async (req, res) => {
    res.json(await commentsOf(db, idParam(req.params.id, "Wish")));
  });

  router.post("/api/wishes/:id/comments", requireAdmin, async (req, res) => {
    const wishId = idParam(req.params.id, "Wish");
    const { comment } = parse(insertWishCommentSchema, req.body);
    res.status(201).json(await commentOnWish(db, currentUser(req), wishId, comment));
  });

  router.delete("/api/wishes/comments/:commentId", requireAdmin, async (req, res) => {
    await removeComment(db, idParam(req.params.commentId, "Comment"));
    res.status(204).end();
  });

  return router;
}

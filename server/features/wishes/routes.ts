import { Router } from "express";
import { insertWishCommentSchema, insertWishSchema, patchWishSchema } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { currentUser, requireAdmin, requireUser } from "../../http/guards.js";
import { badRequest, notFound } from "../../http/http-error.js";
import { idParam } from "../../http/id-param.js";
import { parse } from "../../http/validate.js";
import {
  deleteComment,
  deleteWish,
  findWish,
  insertCommentOnWish,
  insertWish,
  listComments,
  listWishes,
  updateWish,
  wishExists,
} from "./data.js";

const WISH_NOT_FOUND = "Wish not found";

// Any teammate may post a wish and read the discussion; editing, deleting and commenting are
// the admins' (spec §6).
export function wishesRoutes(db: Db): Router {
  const router = Router();

  router.get("/api/wishes", requireUser, async (_req, res) => {
    res.json(await listWishes(db));
  });

  router.post("/api/wishes", requireUser, async (req, res) => {
    const user = currentUser(req);
    const wish = await insertWish(db, { ...parse(insertWishSchema, req.body), userId: user.id });
    res.status(201).json({ ...wish, username: user.username, commentCount: 0 });
  });

  router.patch("/api/wishes/:id", requireAdmin, async (req, res) => {
    const id = idParam(req.params.id, "Wish");
    const patch = parse(patchWishSchema, req.body);
    if (patch.title === undefined && patch.description === undefined) {
      throw badRequest("Send a title or a description to change");
    }
    if (!(await updateWish(db, id, patch))) throw notFound(WISH_NOT_FOUND);
    res.json(await findWish(db, id));
  });

  router.delete("/api/wishes/:id", requireAdmin, async (req, res) => {
    if (!(await deleteWish(db, idParam(req.params.id, "Wish")))) throw notFound(WISH_NOT_FOUND);
    res.status(204).end();
  });

  router.get("/api/wishes/:id/comments", requireUser, async (req, res) => {
    const id = idParam(req.params.id, "Wish");
    if (!(await wishExists(db, id))) throw notFound(WISH_NOT_FOUND);
    res.json(await listComments(db, id));
  });

  router.post("/api/wishes/:id/comments", requireAdmin, async (req, res) => {
    const wishId = idParam(req.params.id, "Wish");
    const { comment } = parse(insertWishCommentSchema, req.body);
    const user = currentUser(req);
    const row = await insertCommentOnWish(db, { wishId, userId: user.id, comment });
    if (!row) throw notFound(WISH_NOT_FOUND);
    res.status(201).json({ ...row, username: user.username, isAdmin: user.isAdmin });
  });

  router.delete("/api/wishes/comments/:commentId", requireAdmin, async (req, res) => {
    if (!(await deleteComment(db, idParam(req.params.commentId, "Comment")))) throw notFound("Comment not found");
    res.status(204).end();
  });

  return router;
}

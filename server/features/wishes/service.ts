// The wishlist's rules: any teammate posts a wish and reads the discussion; the routes let only
// admins edit, delete and comment (spec §6). Not-found and empty edits are refused here.
import type { WishCommentDto, WishDto } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { badRequest, notFound } from "../../http/http-error.js";
import * as data from "./data.js";

const WISH_NOT_FOUND = "Wish not found";

interface Author {
  id: number;
  username: string;
  isAdmin: boolean;
}

export const listWishes = (db: Db): Promise<WishDto[]> => data.listWishes(db);

export async function postWish(db: Db, author: Author, values: { title: string; description: string }): Promise<WishDto> {
  const wish = await data.insertWish(db, { ...values, userId: author.id });
  return { ...wish, username: author.username, commentCount: 0 };
}

export async function editWish(db: Db, id: number, patch: { title?: string; description?: string }): Promise<WishDto> {
  if (patch.title === undefined && patch.description === undefined) throw badRequest("Send a title or a description to change");
  if (!(await data.updateWish(db, id, patch))) throw notFound(WISH_NOT_FOUND);
  const wish = await data.findWish(db, id);
  if (!wish) throw notFound(WISH_NOT_FOUND);
  return wish;
}

export async function removeWish(db: Db, id: number): Promise<void> {
  if (!(await data.deleteWish(db, id))) throw notFound(WISH_NOT_FOUND);
}

export async function commentsOf(db: Db, wishId: number): Promise<WishCommentDto[]> {
  if (!(await data.wishExists(db, wishId))) throw notFound(WISH_NOT_FOUND);
  return data.listComments(db, wishId);
}

export async function commentOnWish(db: Db, author: Author, wishId: number, comment: string): Promise<WishCommentDto> {
  const row = await data.insertCommentOnWish(db, { wishId, userId: author.id, comment });
  if (!row) throw notFound(WISH_NOT_FOUND);
  return { ...row, username: author.username, isAdmin: author.isAdmin };
}

export async function removeComment(db: Db, id: number): Promise<void> {
  if (!(await data.deleteComment(db, id))) throw notFound("Comment not found");
}

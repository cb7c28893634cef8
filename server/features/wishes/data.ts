import { asc, desc, eq, sql } from "drizzle-orm";
import { type WishCommentDto, type WishDto } from "../../../shared/schema.js";
import { users, wishComments, wishes } from "../../db/tables.js";
import type { Db } from "../../db/database.js";

const wishColumns = {
  id: wishes.id,
  userId: wishes.userId,
  username: users.username,
  title: wishes.title,
  description: wishes.description,
  createdAt: wishes.createdAt,
  // Served by wish_comments_wish_idx, one index range per wish.
  commentCount: sql<number>`(select count(*)::int from ${wishComments} where ${wishComments.wishId} = ${wishes.id})`,
};

const selectWishes = (db: Db) => db.select(wishColumns).from(wishes).innerJoin(users, eq(users.id, wishes.userId));

/** Newest first. */
export async function listWishes(db: Db): Promise<WishDto[]> {
  return selectWishes(db).orderBy(desc(wishes.createdAt), desc(wishes.id));
}

export async function findWish(db: Db, id: number): Promise<WishDto | undefined> {
  const [row] = await selectWishes(db).where(eq(wishes.id, id));
  return row;
}

export async function insertWish(db: Db, values: { userId: number; title: string; description: string }) {
  const [row] = await db.insert(wishes).values(values).returning();
  return row;
}

/** False when there is no such wish. */
export async function updateWish(db: Db, id: number, patch: { title?: string; description?: string }): Promise<boolean> {
  const rows = await db.update(wishes).set(patch).where(eq(wishes.id, id)).returning({ id: wishes.id });
  return rows.length > 0;
}

/** False when there is no such wish. Its comments go with it. */
export async function deleteWish(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(wishes).where(eq(wishes.id, id)).returning({ id: wishes.id });
  return rows.length > 0;
}

export async function wishExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: wishes.id }).from(wishes).where(eq(wishes.id, id));
  return Boolean(row);
}

/** Oldest first, each with its author's name and whether the author is an admin (the badge). */
export async function listComments(db: Db, wishId: number): Promise<WishCommentDto[]> {
  return db
    .select({
      id: wishComments.id,
      wishId: wishComments.wishId,
      userId: wishComments.userId,
      username: users.username,
      isAdmin: users.isAdmin,
      comment: wishComments.comment,
      createdAt: wishComments.createdAt,
    })
    .from(wishComments)
    .innerJoin(users, eq(users.id, wishComments.userId))
    .where(eq(wishComments.wishId, wishId))
    .orderBy(asc(wishComments.createdAt), asc(wishComments.id));
}

/**
 * Adds a comment if the wish exists, locking the wish against deletion meanwhile, so a comment
 * racing a delete is refused cleanly rather than failing on the foreign key. Undefined: no wish.
 */
export async function insertCommentOnWish(db: Db, values: { wishId: number; userId: number; comment: string }) {
  return db.transaction(async (tx) => {
    const [wish] = await tx.select({ id: wishes.id }).from(wishes).where(eq(wishes.id, values.wishId)).for("key share");
    if (!wish) return undefined;
    const [row] = await tx.insert(wishComments).values(values).returning();
    return row;
  });
}

/** False when there is no such comment. */
export async function deleteComment(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(wishComments).where(eq(wishComments.id, id)).returning({ id: wishComments.id });
  return rows.length > 0;
}

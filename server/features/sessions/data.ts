import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { sessions, users } from "../../db/tables.js";
import type { Db, Tx } from "../../db/database.js";

/**
 * A session row with its user's current state, in one query: a request must see today's role
 * and whether the account may still be used, at the cost of the one read it already made.
 */
export async function readSession(db: Db, sid: string) {
  const [row] = await db
    .select({
      sid: sessions.sid,
      sess: sessions.sess,
      expire: sessions.expire,
      user: {
        id: users.id,
        username: users.username,
        email: users.email,
        isAdmin: users.isAdmin,
        isActive: users.isActive,
        sessionEpoch: users.sessionEpoch,
      },
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.sid, sid));
  return row;
}

export type SessionRow = NonNullable<Awaited<ReturnType<typeof readSession>>>;

const isForeignKeyViolation = (err: unknown) =>
  (err as { code?: string })?.code === "23503" || (err as { cause?: { code?: string } })?.cause?.code === "23503";

/** `userId` is the signed-in user (null before sign-in), so their sessions can be found and ended. */
export async function writeSession(db: Db, sid: string, sess: unknown, expire: Date, userId: number | null): Promise<void> {
  try {
    await db
      .insert(sessions)
      .values({ sid, sess, expire, userId })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire, userId } });
  } catch (err) {
    // The user was deleted while this request ran: the session dies with them, as the cascade meant.
    if (!isForeignKeyViolation(err)) throw err;
  }
}

export async function extendSession(db: Db, sid: string, expire: Date): Promise<void> {
  await db.update(sessions).set({ expire }).where(eq(sessions.sid, sid));
}

export async function deleteSession(db: Db, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

export async function deleteUserSessions(db: Db | Tx, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expire, sql`now()`));
}

/** A user's live sessions, for "Your sessions". */
export async function listUserSessions(db: Db, userId: number) {
  return db
    .select({ sid: sessions.sid, sess: sessions.sess, expire: sessions.expire })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expire, sql`now()`)));
}

export async function deleteSessionsOf(db: Db | Tx, userId: number, sids: string[]): Promise<number> {
  if (sids.length === 0) return 0;
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), inArray(sessions.sid, sids)))
    .returning({ sid: sessions.sid });
  return rows.length;
}

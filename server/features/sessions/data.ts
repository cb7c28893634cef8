import { eq, lt, sql } from "drizzle-orm";
import { sessions } from "../../db/tables.js";
import type { Db } from "../../db/database.js";

export async function readSession(db: Db, sid: string) {
  const [row] = await db.select().from(sessions).where(eq(sessions.sid, sid));
  return row;
}

export async function writeSession(db: Db, sid: string, sess: unknown, expire: Date): Promise<void> {
  await db
    .insert(sessions)
    .values({ sid, sess, expire })
    .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire } });
}

export async function extendSession(db: Db, sid: string, expire: Date): Promise<void> {
  await db.update(sessions).set({ expire }).where(eq(sessions.sid, sid));
}

export async function deleteSession(db: Db, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expire, sql`now()`));
}

import { and, desc, eq, sql } from "drizzle-orm";
import { type NotificationDto } from "../../../shared/schema.js";
import { notifications } from "../../db/tables.js";
import type { Db, Tx } from "../../db/database.js";

const dtoColumns = {
  id: notifications.id,
  message: notifications.message,
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
  listingId: notifications.listingId,
  noteId: notifications.noteId,
  type: notifications.type,
};

const newestFirst = [desc(notifications.createdAt), desc(notifications.id)];

/**
 * A digest of exactly what the list reply holds: the ids of the user's newest `limit`
 * notifications and whether each is read (everything else in a notification never changes).
 * One index range scan that stops after `limit` rows, whatever the user's history, and one short
 * string back instead of the list.
 */
export async function notificationsVersion(db: Db | Tx, userId: number, limit: number): Promise<string> {
  const newest = db
    .select({ id: notifications.id, isRead: notifications.isRead, createdAt: notifications.createdAt })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(...newestFirst)
    .limit(limit)
    .as("newest");
  const [row] = await db
    .select({
      digest: sql<string>`md5(coalesce(string_agg(${newest.id}::text || case when ${newest.isRead} then 'r' else 'u' end, ',' order by ${newest.createdAt} desc, ${newest.id} desc), ''))`,
    })
    .from(newest);
  return row.digest;
}

/** The newest `limit` notifications and their version, read from one snapshot. */
export async function notificationsSnapshot(
  db: Db,
  userId: number,
  limit: number,
): Promise<{ version: string; list: NotificationDto[] }> {
  return db.transaction(
    async (tx) => ({
      version: await notificationsVersion(tx, userId, limit),
      list: await tx
        .select(dtoColumns)
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(...newestFirst)
        .limit(limit),
    }),
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** Marks one of the user's notifications read; false when the user has no such notification. */
export async function markRead(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Db, userId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
}

export async function insertNotifications(
  db: Db | Tx,
  rows: { userId: number; listingId: string; noteId: number; message: string }[],
): Promise<void> {
  if (rows.length > 0) await db.insert(notifications).values(rows.map((r) => ({ ...r, type: "mention" })));
}

/** A notice about the workspace rather than a note (a failed backup): no listing, no note. */
export async function insertNotices(db: Db | Tx, userIds: number[], type: string, message: string): Promise<void> {
  if (userIds.length > 0) await db.insert(notifications).values(userIds.map((userId) => ({ userId, type, message })));
}

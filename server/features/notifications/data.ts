import { and, desc, eq } from "drizzle-orm";
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

/** The user's newest `limit` notifications, newest first. */
export async function listNotifications(db: Db, userId: number, limit: number): Promise<NotificationDto[]> {
  return db
    .select(dtoColumns)
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(...newestFirst)
    .limit(limit);
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

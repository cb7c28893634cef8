import { and, desc, eq, sql } from "drizzle-orm";
import { NOTIFICATION_SNIPPET_CHARS, type NotificationDto } from "../../../shared/schema.js";
import { listingNotes, notifications, users } from "../../db/tables.js";
import type { Db, Tx } from "../../db/database.js";

// Who mentioned you and what the note says:
// read from the note as it is now, so an edited or deleted note never shows stale words.
const dtoColumns = {
  id: notifications.id,
  message: notifications.message,
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
  listingId: notifications.listingId,
  noteId: notifications.noteId,
  leadId: notifications.leadId,
  type: notifications.type,
  actor: sql<{ id: number; username: string } | null>`case when ${users.id} is null then null else json_build_object('id', ${users.id}, 'username', ${users.username}) end`,
  snippet: sql<string>`coalesce(left(${listingNotes.content}, ${NOTIFICATION_SNIPPET_CHARS}) || case when char_length(${listingNotes.content}) > ${NOTIFICATION_SNIPPET_CHARS} then '…' else '' end, '')`,
};

const newestFirst = [desc(notifications.createdAt), desc(notifications.id)];

/** The user's newest `limit` notifications, newest first. */
export async function listNotifications(db: Db, userId: number, limit: number): Promise<NotificationDto[]> {
  return db
    .select(dtoColumns)
    .from(notifications)
    .leftJoin(listingNotes, eq(listingNotes.id, notifications.noteId))
    .leftJoin(users, eq(users.id, listingNotes.userId))
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

/**
 * A note's words changed: its notifications show them (their snippet), so their users' lists
 * must read as changed. A statement touching the rows raises the notifications change for
 * exactly those users (the table's change trigger), which moves their versions.
 */
export async function touchNotificationsOfNote(tx: Tx, noteId: number): Promise<void> {
  await tx.update(notifications).set({ isRead: sql`${notifications.isRead}` }).where(eq(notifications.noteId, noteId));
}

/** A notice about the workspace rather than a note (a failed backup): no listing, no note. */
export async function insertNotices(db: Db | Tx, userIds: number[], type: string, message: string): Promise<void> {
  if (userIds.length > 0) await db.insert(notifications).values(userIds.map((userId) => ({ userId, type, message })));
}

/** A notice about one listing (a new inquiry), and the lead it is about when there is one: the bell opens the lead. */
export async function insertListingNotices(db: Db | Tx, userIds: number[], listingId: string, type: string, message: string, leadId?: number): Promise<void> {
  if (userIds.length > 0) await db.insert(notifications).values(userIds.map((userId) => ({ userId, listingId, leadId, type, message })));
}

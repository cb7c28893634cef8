import { and, eq, gt, max, sql } from "drizzle-orm";
import { DEFAULT_SETTINGS } from "../../../shared/constants.js";
import type { MentionEmailChoice } from "../../../shared/schema.js";
import { listings, mentionMailMarks, notifications, settings, users } from "../../db/tables.js";
import type { Db, Tx } from "../../db/database.js";

/** Whom a mention mail goes to, with their current choice (the default when they never saved settings). */
export async function findMentionRecipient(db: Db | Tx, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      isActive: users.isActive,
      mentionEmail: sql<MentionEmailChoice>`coalesce(${settings.mentionEmail}, ${DEFAULT_SETTINGS.mentionEmail})`,
    })
    .from(users)
    .leftJoin(settings, eq(settings.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

const markOf = (userId: number) =>
  sql`coalesce((select ${mentionMailMarks.lastNotificationId} from ${mentionMailMarks} where ${mentionMailMarks.userId} = ${userId}), 0)`;

/** The user's mentions no mail has covered yet and nobody has read in the app, oldest first. */
export async function unmailedUnreadMentions(db: Db, userId: number) {
  const rows = await db
    .select({
      id: notifications.id,
      message: notifications.message,
      listingId: notifications.listingId,
      noteId: notifications.noteId,
      listingName: listings.listingName,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .innerJoin(listings, eq(listings.id, notifications.listingId))
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.type, "mention"),
        eq(notifications.isRead, false),
        gt(notifications.id, markOf(userId)),
      ),
    )
    .orderBy(notifications.id)
    .limit(50);
  // A mention always names its note, and the join its listing (only workspace notices have neither).
  return rows.map((r) => ({ ...r, listingId: r.listingId as string, noteId: r.noteId as number }));
}

export async function latestNotificationId(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ id: max(notifications.id) }).from(notifications).where(eq(notifications.userId, userId));
  return row?.id ?? 0;
}

/** Everything up to `lastId` counts as mailed (never moves back). */
export async function advanceMentionMark(db: Db | Tx, userId: number, lastId: number): Promise<void> {
  await db
    .insert(mentionMailMarks)
    .values({ userId, lastNotificationId: lastId })
    .onConflictDoUpdate({
      target: mentionMailMarks.userId,
      set: { lastNotificationId: sql`greatest(${mentionMailMarks.lastNotificationId}, ${lastId})` },
    });
}


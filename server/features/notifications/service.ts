// The notifications feature's rules: which notifications the panel shows, who may mark one read,
// and how other features announce a mention (notes, inside the note's own transaction).
import type { Db, Tx } from "../../db/database.js";
import { notFound } from "../../http/http-error.js";
import type { NotificationDto } from "../../../shared/schema.js";
import * as data from "./data.js";

/** The panel shows the newest this many. */
export const NOTIFICATION_LIST_LIMIT = 50;

/** The user's panel: the newest notifications first. */
export async function listNotifications(db: Db, userId: number): Promise<NotificationDto[]> {
  return data.listNotifications(db, userId, NOTIFICATION_LIST_LIMIT);
}

/** Marks one of the user's notifications read. Someone else's answers as a missing one, so ids reveal nothing. */
export async function markRead(db: Db, userId: number, id: number): Promise<void> {
  if (!(await data.markRead(db, userId, id))) throw notFound("Notification not found");
}

export async function markAllRead(db: Db, userId: number): Promise<void> {
  await data.markAllRead(db, userId);
}

/** Tells each mentioned user about a note, in the caller's transaction (the note's own). */
export async function notifyMentioned(tx: Db | Tx, mentions: { userId: number; listingId: string; noteId: number; message: string }[]): Promise<void> {
  await data.insertNotifications(tx, mentions);
}

/** Marks the note's notifications changed (their snippet follows the note), in the note's transaction. */
export async function touchNotificationsOfNote(tx: Tx, noteId: number): Promise<void> {
  await data.touchNotificationsOfNote(tx, noteId);
}

/** Tells users of something about the workspace rather than a note (a failed backup). */
export async function insertNotices(db: Db | Tx, userIds: number[], type: string, message: string): Promise<void> {
  await data.insertNotices(db, userIds, type, message);
}

/** Tells these users about something on a listing (a new inquiry, with its lead), in the caller's transaction. */
export async function notifyAboutListing(tx: Db | Tx, userIds: number[], listingId: string, type: string, message: string, leadId?: number): Promise<void> {
  await data.insertListingNotices(tx, userIds, listingId, type, message, leadId);
}

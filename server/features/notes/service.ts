// Notes and the mention notifications they cause: a note and its notifications are written in
// one transaction, so there is never a note whose mentions went unannounced, or the reverse.
import type { AuditKind } from "../../../shared/audit.js";
import { mentionCandidates, resolveMentions } from "../../../shared/mentions.js";
import { versionTag, type EditConflict } from "../../../shared/edit-conflicts.js";
import type { ListingNote, ListingNoteDto, PublicUser } from "../../../shared/schema.js";
import type { Db, Tx } from "../../db/database.js";
import { forbidden, notFound, preconditionFailed } from "../../http/http-error.js";
import { recordListingActivity } from "../audit/service.js";
import { notifyMentioned, touchNotificationsOfNote } from "../notifications/service.js";
import {
  deleteNote,
  findListingName,
  findUsersByLowerNames,
  insertNote,
  listingExists,
  listNotes,
  lockListing,
  lockNote,
  updateNoteContent,
} from "./data.js";

/** A listing's notes, oldest first, each with its author's name; a missing listing is not found. */
export async function notesOf(db: Db, listingId: string): Promise<ListingNoteDto[]> {
  if (!(await listingExists(db, listingId))) throw notFound("Listing not found");
  return listNotes(db, listingId);
}

/** Called inside the note's transaction with the users a note newly mentions (mail queues its emails). */
export type OnMentioned = (tx: Tx, userIds: number[]) => Promise<void>;

const mentionMessage = (author: string, listingName: string) => `${author} mentioned you in a note on ${listingName}`;

const toDto = (note: ListingNote, username: string): ListingNoteDto => ({
  id: note.id,
  listingId: note.listingId,
  userId: note.userId,
  username,
  content: note.content,
  createdAt: note.createdAt,
  updatedAt: note.updatedAt,
  version: note.version,
});

export const noteTag = (note: Pick<ListingNote, "id" | "version">) => versionTag("note", note.id, note.version);
const NOTE_CONFLICT = "This note was changed elsewhere after you opened it.";

/** Ids of the existing users the text mentions, other than its author. */
async function mentionedUserIds(tx: Tx, content: string, authorId: number): Promise<number[]> {
  const found = await findUsersByLowerNames(tx, mentionCandidates(content));
  const named = new Set(resolveMentions(content, found.map((u) => u.username)));
  return found.filter((u) => named.has(u.username) && u.id !== authorId).map((u) => u.id);
}

async function notify(tx: Tx, userIds: number[], note: ListingNote, author: PublicUser, listingName: string, onMentioned?: OnMentioned) {
  const message = mentionMessage(author.username, listingName);
  await notifyMentioned(
    tx,
    userIds.map((userId) => ({ userId, listingId: note.listingId, noteId: note.id, message })),
  );
  if (onMentioned && userIds.length > 0) await onMentioned(tx, userIds);
}

// The timeline says a note was added, edited or deleted, and by whom; never what it said.
const noteActivity = (tx: Tx, kind: AuditKind, author: PublicUser, note: ListingNote) =>
  recordListingActivity(tx, { kind, actorId: author.id, listingId: note.listingId, data: { noteId: note.id } });

export async function addNote(
  db: Db,
  author: PublicUser,
  listingId: string,
  content: string,
  onMentioned?: OnMentioned,
): Promise<ListingNoteDto> {
  return db.transaction(async (tx) => {
    const listing = await lockListing(tx, listingId);
    if (!listing) throw notFound("Listing not found");
    const note = await insertNote(tx, { listingId, userId: author.id, content });
    await notify(tx, await mentionedUserIds(tx, content, author.id), note, author, listing.listingName, onMentioned);
    await noteActivity(tx, "listing.note-added", author, note);
    return toDto(note, author.username);
  });
}

/**
 * Only the author edits; an edit notifies only the people it newly mentions. `versions` is what
 * the editor's If-Match accepts (undefined: no condition); the note is locked while it is checked,
 * so of two edits from one version only the first lands. Only the author edits, so a conflict is
 * the author's own other tab or device.
 */
export async function editNote(
  db: Db,
  author: PublicUser,
  noteId: number,
  content: string,
  versions?: number[],
  onMentioned?: OnMentioned,
): Promise<ListingNoteDto> {
  return db.transaction(async (tx) => {
    const note = await lockNote(tx, noteId);
    if (!note) throw notFound("Note not found");
    if (note.userId !== author.id) throw forbidden("Only the author can edit this note");
    // Saving unchanged text is not an edit (the note keeps its updatedAt), and loses nothing.
    if (note.content === content) return toDto(note, author.username);
    if (versions && !versions.includes(note.version)) {
      const conflict: EditConflict<ListingNoteDto> = {
        message: NOTE_CONFLICT,
        current: toDto(note, author.username),
        changedBy: author.username,
        changedAt: note.updatedAt,
      };
      throw preconditionFailed(NOTE_CONFLICT, { ...conflict }, noteTag(note));
    }
    const updated = await updateNoteContent(tx, noteId, content);
    await touchNotificationsOfNote(tx, noteId);
    await noteActivity(tx, "listing.note-edited", author, note);
    const before = new Set(await mentionedUserIds(tx, note.content, author.id));
    const newlyMentioned = (await mentionedUserIds(tx, content, author.id)).filter((id) => !before.has(id));
    if (newlyMentioned.length > 0) {
      await notify(tx, newlyMentioned, updated, author, await findListingName(tx, note.listingId), onMentioned);
    }
    return toDto(updated, author.username);
  });
}

/** Only the author deletes; the note's notifications go with it (they would point at nothing). */
export async function removeNote(db: Db, author: PublicUser, noteId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const note = await lockNote(tx, noteId);
    if (!note) throw notFound("Note not found");
    if (note.userId !== author.id) throw forbidden("Only the author can delete this note");
    await deleteNote(tx, noteId);
    await noteActivity(tx, "listing.note-deleted", author, note);
  });
}

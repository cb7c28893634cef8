import { asc, eq, inArray, sql } from "drizzle-orm";
import { type ListingNote, type ListingNoteDto } from "../../../shared/schema.js";
import { listingNotes, listings, users } from "../../db/tables.js";
import type { Db, Tx } from "../../db/database.js";
import { nextVersion } from "../../db/versioning.js";

export async function listingExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: listings.id }).from(listings).where(eq(listings.id, id));
  return Boolean(row);
}

/**
 * The listing a note is being written on, locked against deletion until the transaction ends,
 * so the note cannot be written onto a listing that is going away.
 */
export async function lockListing(tx: Tx, id: string): Promise<{ id: string; listingName: string } | undefined> {
  const [row] = await tx
    .select({ id: listings.id, listingName: listings.listingName })
    .from(listings)
    .where(eq(listings.id, id))
    .for("key share");
  return row;
}

/** A listing's notes, oldest first, each with its author's name. */
export async function listNotes(db: Db, listingId: string): Promise<ListingNoteDto[]> {
  return db
    .select({
      id: listingNotes.id,
      listingId: listingNotes.listingId,
      userId: listingNotes.userId,
      username: users.username,
      content: listingNotes.content,
      createdAt: listingNotes.createdAt,
      updatedAt: listingNotes.updatedAt,
      version: listingNotes.version,
    })
    .from(listingNotes)
    .innerJoin(users, eq(users.id, listingNotes.userId))
    .where(eq(listingNotes.listingId, listingId))
    .orderBy(asc(listingNotes.createdAt), asc(listingNotes.id));
}

export async function insertNote(tx: Tx, values: { listingId: string; userId: number; content: string }): Promise<ListingNote> {
  const [row] = await tx.insert(listingNotes).values(values).returning();
  return row;
}

/** The note, locked until the transaction ends, so concurrent edits see each other's content. */
export async function lockNote(tx: Tx, id: number): Promise<ListingNote | undefined> {
  const [row] = await tx.select().from(listingNotes).where(eq(listingNotes.id, id)).for("update");
  return row;
}

export async function updateNoteContent(tx: Tx, id: number, content: string): Promise<ListingNote> {
  const [row] = await tx
    .update(listingNotes)
    .set({ content, ...nextVersion(listingNotes.version) })
    .where(eq(listingNotes.id, id))
    .returning();
  return row;
}

export async function deleteNote(db: Db | Tx, id: number): Promise<void> {
  await db.delete(listingNotes).where(eq(listingNotes.id, id));
}

export async function findListingName(tx: Tx, id: string): Promise<string> {
  const [row] = await tx.select({ listingName: listings.listingName }).from(listings).where(eq(listings.id, id));
  return row.listingName;
}

/** Users whose lower-cased name is one of `lowerNames` (served by users_username_lower_idx). */
export async function findUsersByLowerNames(tx: Tx, lowerNames: string[]): Promise<{ id: number; username: string }[]> {
  if (lowerNames.length === 0) return [];
  return tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, lowerNames));
}

// The deal room's rows: upload links, documents and their versions. Only this file touches them.
import { and, asc, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/database.js";
import { documentUploads, documentVersions, listingDocuments, listings, users } from "../../db/tables.js";

export type DocumentRow = typeof listingDocuments.$inferSelect;
export type NewDocumentRow = typeof listingDocuments.$inferInsert;
export type VersionRow = typeof documentVersions.$inferSelect;
export type NewVersionRow = typeof documentVersions.$inferInsert;
export type UploadRow = typeof documentUploads.$inferSelect;
export type DocumentValues = Partial<Pick<DocumentRow, "title" | "folder" | "level" | "downloadable" | "version">>;

/** A document with its current version and who made each. */
export interface DocumentWithVersion {
  document: DocumentRow;
  current: VersionRow;
  creator: { id: number; username: string } | null;
}

export async function insertUpload(db: Db, row: { key: string; userId: number; fileName: string }): Promise<void> {
  await db.insert(documentUploads).values(row);
}

export async function findUpload(db: Db | Tx, key: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(documentUploads).where(eq(documentUploads.key, key));
  return row;
}

/** Marks a local upload's bytes as arrived; false when they already had (the link is single-use). */
export async function markUploadReceived(db: Db, key: string): Promise<boolean> {
  const rows = await db
    .update(documentUploads)
    .set({ received: true })
    .where(and(eq(documentUploads.key, key), eq(documentUploads.received, false)))
    .returning({ key: documentUploads.key });
  return rows.length > 0;
}

export async function markUploadPending(db: Db, key: string): Promise<void> {
  await db.update(documentUploads).set({ received: false }).where(eq(documentUploads.key, key));
}

/** Takes the upload link out of use as its file joins a document; false when another request took it first. */
export async function takeUpload(tx: Tx, key: string): Promise<boolean> {
  const rows = await tx.delete(documentUploads).where(eq(documentUploads.key, key)).returning({ key: documentUploads.key });
  return rows.length > 0;
}

/** Keys of upload links issued before `before`, oldest first. */
export async function findUploadsIssuedBefore(db: Db, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ key: documentUploads.key })
    .from(documentUploads)
    .where(lt(documentUploads.createdAt, before))
    .orderBy(asc(documentUploads.createdAt))
    .limit(limit);
  return rows.map((row) => row.key);
}

export async function deleteUploads(db: Db, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(documentUploads).where(inArray(documentUploads.key, keys));
}

export async function listingExists(db: Db | Tx, listingId: string): Promise<boolean> {
  const [row] = await db.select({ id: listings.id }).from(listings).where(eq(listings.id, listingId));
  return row !== undefined;
}

/**
 * The listing's row, locked until the transaction ends: documents of one listing are added one
 * after another, so the 200-document cap holds under concurrent uploads.
 */
export async function lockListing(tx: Tx, listingId: string): Promise<boolean> {
  const [row] = await tx.select({ id: listings.id }).from(listings).where(eq(listings.id, listingId)).for("update");
  return row !== undefined;
}

export async function countDocuments(tx: Tx, listingId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(listingDocuments).where(eq(listingDocuments.listingId, listingId));
  return row.n;
}

export async function insertDocument(tx: Tx, row: NewDocumentRow): Promise<DocumentRow> {
  const [inserted] = await tx.insert(listingDocuments).values(row).returning();
  return inserted;
}

export async function insertVersion(tx: Tx, row: NewVersionRow): Promise<VersionRow> {
  const [inserted] = await tx.insert(documentVersions).values(row).returning();
  return inserted;
}

export async function updateDocument(tx: Tx, documentId: number, values: DocumentValues): Promise<DocumentRow> {
  const [row] = await tx.update(listingDocuments).set(values).where(eq(listingDocuments.id, documentId)).returning();
  return row;
}

/** Deletes a document and its versions; returns the versions' object names, to delete from storage. */
export async function deleteDocument(tx: Tx, documentId: number): Promise<string[]> {
  const keys = await tx.select({ key: documentVersions.storageKey }).from(documentVersions).where(eq(documentVersions.documentId, documentId));
  await tx.delete(listingDocuments).where(eq(listingDocuments.id, documentId));
  return keys.map((row) => row.key);
}

const creator = { id: users.id, username: users.username };

/** A listing's documents, by folder then title, each with its current version. */
export async function findDocuments(db: Db | Tx, listingId: string): Promise<DocumentWithVersion[]> {
  return db
    .select({ document: listingDocuments, current: documentVersions, creator })
    .from(listingDocuments)
    .innerJoin(documentVersions, and(eq(documentVersions.documentId, listingDocuments.id), eq(documentVersions.version, listingDocuments.version)))
    .leftJoin(users, eq(users.id, listingDocuments.createdById))
    .where(eq(listingDocuments.listingId, listingId))
    .orderBy(asc(listingDocuments.folder), asc(sql`lower(${listingDocuments.title})`), asc(listingDocuments.id));
}

/** One document of the listing with its current version (locked for a change when in a transaction that asks). */
export async function findDocument(db: Db | Tx, listingId: string, documentId: number): Promise<DocumentWithVersion | undefined> {
  const [row] = await db
    .select({ document: listingDocuments, current: documentVersions, creator })
    .from(listingDocuments)
    .innerJoin(documentVersions, and(eq(documentVersions.documentId, listingDocuments.id), eq(documentVersions.version, listingDocuments.version)))
    .leftJoin(users, eq(users.id, listingDocuments.createdById))
    .where(and(eq(listingDocuments.listingId, listingId), eq(listingDocuments.id, documentId)));
  return row;
}

/** Every version of a document, newest first, with who uploaded each. */
export async function findVersions(db: Db, documentId: number): Promise<{ version: VersionRow; creator: { id: number; username: string } | null }[]> {
  return db
    .select({ version: documentVersions, creator })
    .from(documentVersions)
    .leftJoin(users, eq(users.id, documentVersions.createdById))
    .where(eq(documentVersions.documentId, documentId))
    .orderBy(desc(documentVersions.version));
}

export async function findVersion(db: Db, documentId: number, version: number): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.documentId, documentId), eq(documentVersions.version, version)));
  return row;
}

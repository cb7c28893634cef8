// The deal room's documents (docs/guides/deal-room.md): upload links, what a file must be to be
// attached, versions kept for good, and the timeline entries of each change. Members only: the
// routes check who asks; buyers never reach anything here.
import { createHash, randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import type { AuditKind } from "../../../shared/audit.js";
import {
  DOCUMENT_TOO_LARGE_MESSAGE,
  DOCUMENT_TYPES,
  documentExtension,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS_PER_LISTING,
  TOO_MANY_DOCUMENTS_MESSAGE,
  type AddDocument,
  type DocumentContentType,
  type DocumentExtension,
  type DocumentUpload,
  type DocumentVersion,
  type ListingDocument,
  type PatchDocument,
} from "../../../shared/documents.js";
import type { Db, Tx } from "../../db/database.js";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../../http/http-error.js";
import type { Logger } from "../../logger.js";
import { IMAGE_SNIFF_BYTES, sniffImageType } from "../../integrations/storage/image-types.js";
import { ObjectTooLargeError, type ObjectStorage } from "../../integrations/storage/object-storage.js";
import { uploadSigner } from "../../integrations/storage/upload-signature.js";
import { recordListingActivity } from "../audit/service.js";
import {
  countDocuments,
  deleteDocument,
  findDocument,
  findDocuments,
  findUpload,
  findVersion,
  findVersions,
  insertDocument,
  insertUpload,
  insertVersion,
  listingExists,
  lockListing,
  markUploadPending,
  markUploadReceived,
  takeUpload,
  updateDocument,
  type DocumentValues,
  type DocumentWithVersion,
  type VersionRow,
} from "./data.js";
import { looksLikeCsvText, needsWholeFile, NOT_CSV, NOT_THAT_IMAGE, type Inspection } from "./file-checks.js";
import { inspectInWorker } from "./inspect-in-worker.js";

/** Upload links work for 15 minutes, in both storages, as the images' do. */
const UPLOAD_URL_TTL_SECONDS = 15 * 60;
export const DOCUMENT_URL_PREFIX = "/api/documents/files/";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isDocumentKey = (key: string) => UUID.test(key);

/**
 * Where a document's bytes live: `docsin/<key>` as uploaded (a bucket's presigned URL can still
 * write there until it expires), `docs/<key>` once moved out of the link's reach and checked, so
 * the bytes whose SHA-256 is recorded are the bytes kept.
 */
export const documentObjects = {
  incoming: (key: string) => `docsin/${key}`,
  stored: (key: string) => `docs/${key}`,
};

const LISTING_NOT_FOUND = "Listing not found";
const DOCUMENT_NOT_FOUND = "That document is not in this listing's deal room";
export const NOT_OUR_UPLOAD = `Attach a file uploaded here (its url starts with ${DOCUMENT_URL_PREFIX}, from POST /api/documents/upload)`;
const NOT_UPLOADED_YET = "That file has not finished uploading. Please upload it again.";
const LINK_USED = "This upload link has already been used. Please upload the file again.";
const tooLarge = () => new HttpError(413, DOCUMENT_TOO_LARGE_MESSAGE);
const refused = (message: string) => new HttpError(415, message, { url: message });
/** Enough of a CSV's start to tell text from a binary file. */
const CSV_SNIFF_BYTES = 64 * 1024;

type Creator = { id: number; username: string } | null;

const fileUrlOf = (listingId: string, documentId: number, version: number) =>
  `/api/listings/${listingId}/documents/${documentId}/versions/${version}/file`;

function toDocument({ document, current, creator }: DocumentWithVersion): ListingDocument {
  return {
    id: document.id,
    listingId: document.listingId,
    title: document.title,
    folder: document.folder,
    level: document.level,
    downloadable: document.downloadable,
    version: document.version,
    fileName: current.fileName,
    size: current.size,
    contentType: current.contentType as DocumentContentType,
    sha256: current.sha256,
    pageCount: current.pageCount,
    note: current.note,
    createdAt: document.createdAt.toISOString(),
    createdBy: creator,
    updatedAt: current.createdAt.toISOString(),
  };
}

const toVersion = (listingId: string, row: VersionRow, creator: Creator): DocumentVersion => ({
  version: row.version,
  fileName: row.fileName,
  size: row.size,
  contentType: row.contentType as DocumentContentType,
  sha256: row.sha256,
  pageCount: row.pageCount,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
  createdBy: creator,
  fileUrl: fileUrlOf(listingId, row.documentId, row.version),
});

/** A file that passed its checks, moved to where it is kept. */
interface AcceptedFile {
  key: string;
  url: string;
  fileName: string;
  size: number;
  contentType: DocumentContentType;
  sha256: string;
  pageCount: number | null;
  note: string | null;
}

/** A signed agreement kept as a grant's proof. */
export interface KeptProof {
  url: string;
  fileName: string;
  size: number;
  sha256: string;
}

export const PROOF_NOT_PDF = "The signed copy must be a PDF";

/** What the route needs to send one stored version. */
export interface ServableFile {
  name: string;
  fileName: string;
  contentType: string;
  size: number;
  etag: string;
}

export interface DocumentServiceDeps {
  db: Db;
  storage: ObjectStorage;
  sessionSecret: string;
  logger: Logger;
}

export type DocumentService = ReturnType<typeof createDocumentService>;

export function createDocumentService({ db, storage, sessionSecret, logger }: DocumentServiceDeps) {
  const signer = uploadSigner(sessionSecret, "document-upload-url/v1");

  async function issueUpload(userId: number, input: DocumentUpload): Promise<{ uploadURL: string; url: string }> {
    const key = randomUUID();
    await insertUpload(db, { key, userId, fileName: input.fileName });
    const url = `${DOCUMENT_URL_PREFIX}${key}`;
    if (storage.kind === "s3") return { uploadURL: await storage.presignUpload(documentObjects.incoming(key), UPLOAD_URL_TTL_SECONDS), url };
    const expires = Math.floor(Date.now() / 1000) + UPLOAD_URL_TTL_SECONDS;
    return { uploadURL: `${url}?${signer.query(key, expires)}`, url };
  }

  /** A local upload: the signed link's bytes, capped at 100 MB as they stream in; checked when attached. */
  async function receiveUpload(key: string, query: Record<string, unknown>, body: Readable, upload: { userId: number; declaredLength: number | undefined }) {
    if (storage.kind !== "local") throw new HttpError(405, "Uploads go straight to the storage bucket");
    const signature = signer.check(key, query);
    if (signature === "invalid") throw forbidden("This upload link is not valid");
    if (signature === "expired") throw new HttpError(410, "This upload link has expired. Please upload the file again.");
    const row = await findUpload(db, key);
    if (!row) throw new HttpError(410, "This upload link is no longer valid. Please upload the file again.");
    if (row.userId !== upload.userId) throw forbidden("This upload link belongs to someone else");
    if (upload.declaredLength !== undefined && upload.declaredLength > MAX_DOCUMENT_BYTES) throw tooLarge();
    if (!(await markUploadReceived(db, key))) throw conflict(LINK_USED);
    try {
      const staged = await storage.stage(body, MAX_DOCUMENT_BYTES).catch((err: unknown) => {
        throw err instanceof ObjectTooLargeError ? tooLarge() : err;
      });
      await staged.commit(documentObjects.incoming(key)).catch(async (err: unknown) => {
        await staged.discard();
        throw err;
      });
    } catch (err) {
      await markUploadPending(db, key);
      throw err;
    }
    return { url: `${DOCUMENT_URL_PREFIX}${key}` };
  }

  /**
   * A file the app made itself (the offering memorandum), put where an upload's bytes land and
   * marked received: its url is then attached with addDocument or addVersion, checked as any upload.
   */
  async function uploadMade(userId: number, fileName: string, bytes: Buffer): Promise<string> {
    const ext = documentExtension(fileName);
    if (ext === null) throw badRequest(NOT_OUR_UPLOAD, { url: NOT_OUR_UPLOAD });
    const key = randomUUID();
    await insertUpload(db, { key, userId, fileName });
    await markUploadReceived(db, key);
    await storage.put(documentObjects.incoming(key), bytes, DOCUMENT_TYPES[ext]);
    return `${DOCUMENT_URL_PREFIX}${key}`;
  }

  /** Reads a stored object once: its SHA-256, and its head or (for a worker's check) all of it. */
  async function digest(name: string, whole: boolean): Promise<{ sha256: string; bytes: Buffer }> {
    const stream = await storage.read(name);
    if (!stream) throw badRequest(NOT_UPLOADED_YET, { url: NOT_UPLOADED_YET });
    const hash = createHash("sha256");
    const kept: Buffer[] = [];
    let keptBytes = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      hash.update(chunk);
      if (whole || keptBytes < CSV_SNIFF_BYTES) {
        kept.push(chunk);
        keptBytes += chunk.length;
      }
    }
    return { sha256: hash.digest("hex"), bytes: Buffer.concat(kept, whole ? keptBytes : Math.min(keptBytes, CSV_SNIFF_BYTES)) };
  }

  /** Whether the bytes are what the extension says; a PDF that cannot be opened comes back with a note. */
  async function inspect(ext: DocumentExtension, contentType: DocumentContentType, bytes: Buffer): Promise<Inspection> {
    if (needsWholeFile(ext)) return inspectInWorker({ ext, bytes });
    if (ext === "csv") return looksLikeCsvText(bytes) ? { ok: true, pageCount: null } : { ok: false, refused: NOT_CSV };
    // Images are told apart by the house's one sniffer, as uploads to the gallery are.
    return sniffImageType(bytes.subarray(0, IMAGE_SNIFF_BYTES)) === contentType ? { ok: true, pageCount: null } : { ok: false, refused: NOT_THAT_IMAGE };
  }

  /**
   * Moves an uploaded file out of its link's reach, then checks the moved bytes: their size, what
   * they are, and their SHA-256 (read as a stream from storage). A refused file is deleted.
   */
  async function acceptUpload(url: string, userId: number): Promise<AcceptedFile> {
    const key = url.startsWith(DOCUMENT_URL_PREFIX) ? url.slice(DOCUMENT_URL_PREFIX.length) : "";
    const upload = isDocumentKey(key) ? await findUpload(db, key) : undefined;
    if (!upload) throw badRequest(NOT_OUR_UPLOAD, { url: NOT_OUR_UPLOAD });
    if (upload.userId !== userId) throw forbidden("This upload belongs to someone else");
    const ext = documentExtension(upload.fileName);
    if (ext === null) throw badRequest(NOT_OUR_UPLOAD, { url: NOT_OUR_UPLOAD });
    const contentType = DOCUMENT_TYPES[ext];
    if (!(await storage.stat(documentObjects.incoming(key)))) throw badRequest(NOT_UPLOADED_YET, { url: NOT_UPLOADED_YET });
    const stored = documentObjects.stored(key);
    await storage.move(documentObjects.incoming(key), stored, contentType);
    try {
      const found = await storage.stat(stored);
      if (!found) throw badRequest(NOT_UPLOADED_YET, { url: NOT_UPLOADED_YET });
      if (found.size > MAX_DOCUMENT_BYTES) throw tooLarge();
      if (found.size === 0) throw badRequest("That file is empty", { url: "That file is empty" });
      const { sha256, bytes } = await digest(stored, needsWholeFile(ext));
      const inspection = await inspect(ext, contentType, bytes);
      if (!inspection.ok) throw refused(inspection.refused);
      const note = "note" in inspection ? inspection.note : null;
      return { key, url, fileName: upload.fileName, size: found.size, contentType, sha256, pageCount: inspection.pageCount, note };
    } catch (err) {
      if (err instanceof HttpError) {
        // A refused file is gone, and so is its link: nothing was attached.
        await storage.delete(stored);
        await db.transaction((tx) => takeUpload(tx, key));
      } else {
        // A failure of ours (storage, the worker): the file goes back for its link to be tried again.
        await storage.move(stored, documentObjects.incoming(key), contentType).catch(() => undefined);
      }
      throw err;
    }
  }

  /** Runs `attach` with the accepted file; if it fails, the file goes back to where its link left it. */
  async function withAccepted<T>(url: string, userId: number, attach: (file: AcceptedFile) => Promise<T>): Promise<T> {
    const file = await acceptUpload(url, userId);
    try {
      return await attach(file);
    } catch (err) {
      await storage.move(documentObjects.stored(file.key), documentObjects.incoming(file.key), file.contentType);
      throw err;
    }
  }

  const versionValues = (file: AcceptedFile, documentId: number, version: number, userId: number) => ({
    documentId,
    version,
    storageKey: documentObjects.stored(file.key),
    url: file.url,
    fileName: file.fileName,
    size: file.size,
    contentType: file.contentType,
    sha256: file.sha256,
    pageCount: file.pageCount,
    note: file.note,
    createdById: userId,
  });

  async function takeLink(tx: Tx, key: string) {
    if (!(await takeUpload(tx, key))) throw conflict(LINK_USED);
  }

  async function lockedListing(tx: Tx, listingId: string) {
    if (!(await lockListing(tx, listingId))) throw notFound(LISTING_NOT_FOUND);
  }

  async function documentOf(db: Db | Tx, listingId: string, documentId: number): Promise<DocumentWithVersion> {
    const found = await findDocument(db, listingId, documentId);
    if (!found) throw notFound(DOCUMENT_NOT_FOUND);
    return found;
  }

  const activity = (tx: Tx, kind: AuditKind, actorId: number, listingId: string, data: Record<string, unknown>) =>
    recordListingActivity(tx, { kind, actorId, listingId, data });

  async function listDocuments(listingId: string): Promise<ListingDocument[]> {
    const rows = await findDocuments(db, listingId);
    if (rows.length === 0 && !(await listingExists(db, listingId))) throw notFound(LISTING_NOT_FOUND);
    return rows.map(toDocument);
  }

  async function addDocument(userId: number, listingId: string, input: AddDocument): Promise<ListingDocument> {
    // Refused before the file is read, and again under the listing's lock.
    const full = async (tx: Tx) => {
      if ((await countDocuments(tx, listingId)) >= MAX_DOCUMENTS_PER_LISTING) throw badRequest(TOO_MANY_DOCUMENTS_MESSAGE, { url: TOO_MANY_DOCUMENTS_MESSAGE });
    };
    await db.transaction(async (tx) => {
      await lockedListing(tx, listingId);
      await full(tx);
    });
    return withAccepted(input.url, userId, (file) =>
      db.transaction(async (tx) => {
        await lockedListing(tx, listingId);
        await full(tx);
        await takeLink(tx, file.key);
        // A PDF that cannot be opened cannot be shown to a buyer, whatever level was asked.
        const level = file.note ? "team" : input.level;
        const document = await insertDocument(tx, {
          listingId,
          title: input.title,
          folder: input.folder ?? "",
          level,
          downloadable: input.downloadable ?? true,
          version: 1,
          createdById: userId,
        });
        await insertVersion(tx, versionValues(file, document.id, 1, userId));
        await activity(tx, "listing.document-added", userId, listingId, {
          documentId: document.id,
          title: document.title,
          level,
          sha256: file.sha256,
          ...(file.note && { forcedTeam: true }),
        });
        return toDocument(await documentOf(tx, listingId, document.id));
      }),
    );
  }

  async function addVersion(userId: number, listingId: string, documentId: number, url: string): Promise<ListingDocument> {
    await documentOf(db, listingId, documentId);
    return withAccepted(url, userId, (file) =>
      db.transaction(async (tx) => {
        await lockedListing(tx, listingId);
        const { document } = await documentOf(tx, listingId, documentId);
        await takeLink(tx, file.key);
        const version = document.version + 1;
        await insertVersion(tx, versionValues(file, documentId, version, userId));
        const values: DocumentValues = { version };
        if (file.note && document.level !== "team") values.level = "team";
        await updateDocument(tx, documentId, values);
        await activity(tx, "listing.document-version-added", userId, listingId, {
          documentId,
          title: document.title,
          version,
          sha256: file.sha256,
          ...(values.level && { level: { from: document.level, to: values.level }, forcedTeam: true }),
        });
        return toDocument(await documentOf(tx, listingId, documentId));
      }),
    );
  }

  /** Title, folder, level and the download flag; a level change and the rest are separate timeline entries. */
  async function patchDocument(userId: number, listingId: string, documentId: number, patch: PatchDocument): Promise<ListingDocument> {
    return db.transaction(async (tx) => {
      await lockedListing(tx, listingId);
      const { document, current } = await documentOf(tx, listingId, documentId);
      if (patch.level !== undefined && patch.level !== "team" && current.note) throw badRequest(current.note, { level: current.note });
      const edits: Record<string, { from: unknown; to: unknown }> = {};
      const values: DocumentValues = {};
      for (const field of ["title", "folder", "downloadable"] as const) {
        const to = patch[field];
        if (to !== undefined && to !== document[field]) {
          edits[field] = { from: document[field], to };
          Object.assign(values, { [field]: to });
        }
      }
      const levelChange = patch.level !== undefined && patch.level !== document.level;
      if (levelChange) values.level = patch.level;
      if (Object.keys(values).length === 0) return toDocument(await documentOf(tx, listingId, documentId));
      await updateDocument(tx, documentId, values);
      if (levelChange) {
        await activity(tx, "listing.document-level-changed", userId, listingId, {
          documentId,
          title: values.title ?? document.title,
          level: { from: document.level, to: patch.level },
        });
      }
      if (Object.keys(edits).length > 0) {
        await activity(tx, "listing.document-edited", userId, listingId, { documentId, title: values.title ?? document.title, edits });
      }
      return toDocument(await documentOf(tx, listingId, documentId));
    });
  }

  /** Deletes a document and every version of it; the stored files go once the rows are gone. */
  async function removeDocument(userId: number, listingId: string, documentId: number): Promise<void> {
    const names = await db.transaction(async (tx) => {
      await lockedListing(tx, listingId);
      const { document } = await documentOf(tx, listingId, documentId);
      const keys = await deleteDocument(tx, documentId);
      await activity(tx, "listing.document-deleted", userId, listingId, { documentId, title: document.title, versions: document.version });
      return keys;
    });
    for (const name of names) {
      // A file left behind is only storage: the rows, and so the document, are gone already.
      await storage.delete(name).catch((err: unknown) => logger.warn({ err, name }, "could not delete a deleted document's file"));
    }
  }

  async function versionsOf(listingId: string, documentId: number): Promise<DocumentVersion[]> {
    await documentOf(db, listingId, documentId);
    return (await findVersions(db, documentId)).map(({ version, creator }) => toVersion(listingId, version, creator));
  }

  async function versionFile(listingId: string, documentId: number, version: number): Promise<ServableFile> {
    await documentOf(db, listingId, documentId);
    const row = await findVersion(db, documentId, version);
    if (!row) throw notFound("That version of the document does not exist");
    return { name: row.storageKey, fileName: row.fileName, contentType: row.contentType, size: row.size, etag: `"${row.sha256}"` };
  }

  /**
   * A signed agreement kept as proof (the deal room's grants for a CA signed elsewhere): a PDF
   * uploaded as documents are, checked as they are, and taken in `attach`'s transaction by `take`.
   * Kept for members only: it is no document of the listing's, and no buyer path reads it.
   */
  async function withProof<T>(url: string, userId: number, attach: (proof: KeptProof, take: (tx: Tx) => Promise<void>) => Promise<T>): Promise<T> {
    return withAccepted(url, userId, async (file) => {
      if (file.contentType !== "application/pdf") throw badRequest(PROOF_NOT_PDF, { proofUrl: PROOF_NOT_PDF });
      return attach({ url: file.url, fileName: file.fileName, size: file.size, sha256: file.sha256 }, (tx) => takeLink(tx, file.key));
    });
  }

  /** A kept proof's file, by the url it was uploaded at; null for any other url. */
  async function proofFile(url: string): Promise<ServableFile | null> {
    const key = url.startsWith(DOCUMENT_URL_PREFIX) ? url.slice(DOCUMENT_URL_PREFIX.length) : "";
    if (!isDocumentKey(key)) return null;
    const name = documentObjects.stored(key);
    const found = await storage.stat(name);
    return found ? { name, fileName: "signed-agreement.pdf", contentType: "application/pdf", size: found.size, etag: `"${key}"` } : null;
  }

  return {
    withProof,
    proofFile,
    issueUpload,
    receiveUpload,
    uploadMade,
    listDocuments,
    addDocument,
    addVersion,
    patchDocument,
    removeDocument,
    versionsOf,
    versionFile,
    read: (name: string) => storage.read(name),
  };
}

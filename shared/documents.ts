// A listing's deal-room documents as both sides see them (docs/guides/deal-room.md): the shapes
// of /api/listings/:id/documents, the accepted file types and the limits the screens check
// before the server does.
import { z } from "zod";
import "./zod-setup.js";
import { isStorableText, unstorableMessage } from "./storable-text.js";

/** Who may see a document: anyone with the page, a signed CA, a signed CA and a member's approval, or members only. */
export const DOCUMENT_LEVELS = ["public", "ca", "approved", "team"] as const;
export type DocumentLevel = (typeof DOCUMENT_LEVELS)[number];

export const DOCUMENT_LEVEL_LABELS: Record<DocumentLevel, string> = {
  public: "Public",
  ca: "Signed CA",
  approved: "Signed CA + approval",
  team: "Team only",
};

export const DOCUMENT_LEVEL_HINTS: Record<DocumentLevel, string> = {
  public: "anyone with the listing's page",
  ca: "buyers who signed the confidentiality agreement",
  approved: "buyers who signed and whom a member approved",
  team: "members of the team only",
};

/** The accepted files, by extension: what each must really be is checked on its bytes. */
export const DOCUMENT_TYPES = {
  pdf: "application/pdf",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  csv: "text/csv",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
} as const;
export type DocumentExtension = keyof typeof DOCUMENT_TYPES;
export type DocumentContentType = (typeof DOCUMENT_TYPES)[DocumentExtension];

/** The file button's accept list. */
export const DOCUMENT_ACCEPT = Object.keys(DOCUMENT_TYPES)
  .map((ext) => `.${ext}`)
  .join(",");

/** The extension of a file name if it is one we accept (case aside), else null. */
export function documentExtension(fileName: string): DocumentExtension | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return ext !== undefined && Object.hasOwn(DOCUMENT_TYPES, ext) ? (ext as DocumentExtension) : null;
}

const MB = 1024 * 1024;
export const MAX_DOCUMENT_BYTES = 100 * MB;
export const MAX_DOCUMENTS_PER_LISTING = 200;
export const MAX_DOCUMENT_TITLE = 200;
export const MAX_DOCUMENT_FOLDER = 100;

export const DOCUMENT_TOO_LARGE_MESSAGE = "That file is too large. Documents can be at most 100 MB";
export const TOO_MANY_DOCUMENTS_MESSAGE = `A listing can have at most ${MAX_DOCUMENTS_PER_LISTING} documents. Delete one before adding another.`;
export const UNSUPPORTED_DOCUMENT_MESSAGE = "Upload a PDF, an Excel .xlsx, a .csv, a Word .docx or a JPEG, PNG or WebP image";

/** One document of a listing, as of its current version. */
export interface ListingDocument {
  id: number;
  listingId: string;
  title: string;
  /** Free text ("Financials", "Leases"); "" for none. */
  folder: string;
  level: DocumentLevel;
  /** False: view only (buyers see its pages as images, never the file). */
  downloadable: boolean;
  /** The current version's number, from 1. */
  version: number;
  fileName: string;
  size: number;
  contentType: DocumentContentType;
  /** Hex SHA-256 of the current version's stored bytes. */
  sha256: string;
  /** A PDF's page count; null for other files and for a PDF that could not be opened. */
  pageCount: number | null;
  /** Why the document is kept for the team only whatever is asked (a PDF that cannot be opened), else null. */
  note: string | null;
  createdAt: string;
  createdBy: { id: number; username: string } | null;
  /** When the current version was uploaded. */
  updatedAt: string;
}

/** One stored version of a document (GET …/documents/:docId/versions, newest first). */
export interface DocumentVersion {
  version: number;
  fileName: string;
  size: number;
  contentType: DocumentContentType;
  sha256: string;
  pageCount: number | null;
  note: string | null;
  createdAt: string;
  createdBy: { id: number; username: string } | null;
  /** The members-only download of this version. */
  fileUrl: string;
}

const text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} can be at most ${max} characters`)
    .refine(isStorableText, unstorableMessage(what));

export const documentUploadSchema = z.object({
  fileName: z
    .string()
    .trim()
    .min(1, "Name the file")
    .max(255, "File names can be at most 255 characters")
    .refine((name) => documentExtension(name) !== null, UNSUPPORTED_DOCUMENT_MESSAGE),
  contentType: z.string().max(255).optional(),
  size: z.number().int("Size is a whole number of bytes").min(1, "That file is empty").max(MAX_DOCUMENT_BYTES, DOCUMENT_TOO_LARGE_MESSAGE),
});
export type DocumentUpload = z.infer<typeof documentUploadSchema>;

const LEVEL_MESSAGE = `Level is one of ${DOCUMENT_LEVELS.join(", ")}`;
const url = z.string().min(1, "Upload a file first").max(300);

export const addDocumentSchema = z.object({
  url,
  title: text(MAX_DOCUMENT_TITLE, "Title").pipe(z.string().min(1, "Give the document a title")),
  folder: text(MAX_DOCUMENT_FOLDER, "Folder").optional(),
  level: z.enum(DOCUMENT_LEVELS, { error: LEVEL_MESSAGE }),
  downloadable: z.boolean().optional(),
});
export type AddDocument = z.infer<typeof addDocumentSchema>;

export const patchDocumentSchema = z
  .object({
    title: text(MAX_DOCUMENT_TITLE, "Title").pipe(z.string().min(1, "Give the document a title")).optional(),
    folder: text(MAX_DOCUMENT_FOLDER, "Folder").optional(),
    level: z.enum(DOCUMENT_LEVELS, { error: LEVEL_MESSAGE }).optional(),
    downloadable: z.boolean().optional(),
  })
  .strict();
export type PatchDocument = z.infer<typeof patchDocumentSchema>;

export const addVersionSchema = z.object({ url });

// What a deal-room file really is, read from its bytes, never from its name or the type the
// browser sent: a file that is not what its extension says is refused. PDFs and Office files
// are read whole in a worker (inspect-in-worker.ts); a CSV and an image need only their head.
import { inflateRawSync } from "node:zlib";
import { PDFDocument } from "pdf-lib";
import type { DocumentExtension } from "../../../shared/documents.js";

/** What the worker found in a PDF or an Office file. */
export type Inspection =
  | { ok: true; pageCount: number | null }
  /** Not what its extension says: refused. */
  | { ok: false; refused: string }
  /** A PDF that cannot be opened: kept for the team only, with why. */
  | { ok: true; pageCount: null; note: string };

/** More pages than this and a PDF is not opened: kept for the team only. */
export const MAX_PDF_PAGES = 2000;

export const NOT_A_PDF = "That file is not a PDF, whatever its name says";
export const ENCRYPTED_PDF_NOTE = "This PDF is password-protected, so it cannot be opened here: it stays with the team until an unprotected copy is uploaded.";
export const DAMAGED_PDF_NOTE = "This PDF is damaged and cannot be opened: it stays with the team until a readable copy is uploaded.";
export const COMPLEX_PDF_NOTE = `This PDF is too large or complex to open safely (at most ${MAX_PDF_PAGES.toLocaleString("en-US")} pages): it stays with the team.`;
const notOffice = (ext: "xlsx" | "docx") =>
  `That file is not ${ext === "xlsx" ? "an Excel .xlsx workbook" : "a Word .docx document"}, whatever its name says`;
export const NOT_CSV = "That file is not a CSV text file, whatever its name says";
export const NOT_THAT_IMAGE = "That image is not the type its name says (JPEG, PNG or WebP)";

/** The header every PDF starts with (some writers put a few bytes of junk before it). */
export const looksLikePdf = (head: Buffer) => head.subarray(0, 1024).includes("%PDF-");

/** Opens a PDF (pdf-lib parses every object, renders nothing) and counts its pages. */
export async function inspectPdf(bytes: Uint8Array): Promise<Inspection> {
  if (!looksLikePdf(Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)))) return { ok: false, refused: NOT_A_PDF };
  try {
    // Loaded past its encryption only to say that it is encrypted: nothing is read from it then.
    const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
    if (pdf.isEncrypted) return { ok: true, pageCount: null, note: ENCRYPTED_PDF_NOTE };
    const pageCount = pdf.getPageCount();
    if (pageCount === 0) return { ok: true, pageCount: null, note: DAMAGED_PDF_NOTE };
    if (pageCount > MAX_PDF_PAGES) return { ok: true, pageCount: null, note: COMPLEX_PDF_NOTE };
    return { ok: true, pageCount };
  } catch {
    return { ok: true, pageCount: null, note: DAMAGED_PDF_NOTE };
  }
}

// An Office file is a zip whose [Content_Types].xml names its main part's type; a renamed .zip,
// .xlsm or .docm names another (or none).
const MAIN_PART: Record<"xlsx" | "docx", string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
};
const CONTENT_TYPES = "[Content_Types].xml";
/** [Content_Types].xml is a few KB; more than this is not an Office file's. */
const MAX_CONTENT_TYPES_BYTES = 1024 * 1024;

/** The unzipped [Content_Types].xml of a zip, or null when there is none or the zip is not one. */
export function zipContentTypes(zip: Buffer): string | null {
  // The end-of-central-directory record is in the last 64 KB + 22 bytes.
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]), zip.length - 22);
  if (eocd < 0 || eocd < zip.length - 22 - 0xffff) return null;
  const entries = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < entries && at + 46 <= zip.length; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) return null;
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (name !== CONTENT_TYPES) continue;
    if (size > MAX_CONTENT_TYPES_BYTES || localAt + 30 > zip.length || zip.readUInt32LE(localAt) !== 0x04034b50) return null;
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    const data = zip.subarray(dataAt, dataAt + compressedSize);
    try {
      if (method === 0) return data.toString("utf8");
      if (method === 8) return inflateRawSync(data, { maxOutputLength: MAX_CONTENT_TYPES_BYTES }).toString("utf8");
    } catch {
      return null;
    }
    return null;
  }
  return null;
}

/** Whether a zip is the Office file its extension says: its content types name the main part's type. */
export function inspectOffice(bytes: Uint8Array, ext: "xlsx" | "docx"): Inspection {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const types = zip.length >= 22 && zip.readUInt32LE(0) === 0x04034b50 ? zipContentTypes(zip) : null;
  if (types === null || !types.includes(`ContentType="${MAIN_PART[ext]}"`)) return { ok: false, refused: notOffice(ext) };
  return { ok: true, pageCount: null };
}

/**
 * A CSV is text: its head decodes as UTF-8 (a character cut at the end aside) or is plain
 * single-byte text, and holds no NUL byte or other control character a text file never has.
 */
export function looksLikeCsvText(head: Buffer): boolean {
  if (head.length === 0) return false;
  for (const byte of head) if (byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b)) return false;
  return true;
}

/** Which checks a file of this extension needs on all its bytes (the worker's), rather than its head. */
export const needsWholeFile = (ext: DocumentExtension): ext is "pdf" | "xlsx" | "docx" => ext === "pdf" || ext === "xlsx" || ext === "docx";

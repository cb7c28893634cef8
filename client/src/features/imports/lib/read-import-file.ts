// How the wizard reads the chosen file: as bytes, sent as base64, so the server sees exactly what
// is on disk (a UTF-16 or Windows-1252 CSV, a workbook) and detects the charset itself.
import { IMPORT_LIMITS } from "@shared/imports/wire";
import type { FileSource } from "./wizard-state";

/** What the file picker offers: CSV and its tab- or pipe-separated cousins, and Excel workbooks. */
export const IMPORT_FILE_ACCEPT = ".csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The largest file whose base64 the server accepts (base64 is 4 characters per 3 bytes). */
export const MAX_IMPORT_FILE_BYTES = Math.floor((IMPORT_LIMITS.maxContentChars / 4) * 3);

/** Why this file cannot be imported, before reading it; null when it can be tried. */
export function importFileProblem(file: { name: string; size: number }): string | null {
  if (/\.xls$/i.test(file.name)) return "This is an old Excel .xls workbook. Open it in Excel or Google Sheets and save it as .xlsx or CSV.";
  if (!/\.(csv|tsv|txt|xlsx)$/i.test(file.name)) return "Choose a CSV file (.csv, .tsv or .txt) or an Excel workbook (.xlsx).";
  if (file.size === 0) return "The file is empty.";
  if (file.size > MAX_IMPORT_FILE_BYTES) {
    return `The file is larger than ${Math.floor(MAX_IMPORT_FILE_BYTES / 1024 / 1024)} MB. Split it into smaller files.`;
  }
  return null;
}

// String.fromCharCode takes its bytes as arguments; more than this many can overflow the stack.
const CHUNK = 0x8000;

/** Bytes as base64, in slices (btoa takes a string of byte-sized characters). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

export async function readImportFile(file: File): Promise<FileSource> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  return { fileName: file.name, content: bytesToBase64(bytes), size: file.size };
}

// How the room writes a document's facts: sizes, and the folder a document sits in.
import { documentExtension, MAX_DOCUMENT_BYTES, UNSUPPORTED_DOCUMENT_MESSAGE, DOCUMENT_TOO_LARGE_MESSAGE } from "@shared/documents";

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A new document's title from its file's name: without the extension, dashes and underscores as spaces. */
export const titleFromFileName = (name: string) => name.replace(/\.[^.]+$/, "").replace(/[_-]+/g, " ").trim() || name;

/** Why a file cannot be uploaded, before it is sent (the server checks again, and its bytes too); null when it may be. */
export function fileProblem(file: File): string | null {
  if (documentExtension(file.name) === null) return UNSUPPORTED_DOCUMENT_MESSAGE;
  if (file.size > MAX_DOCUMENT_BYTES) return DOCUMENT_TOO_LARGE_MESSAGE;
  if (file.size === 0) return "That file is empty";
  return null;
}

export const NO_FOLDER = "Not in a folder";

/** Documents by folder: named folders A to Z, then those in none. */
export function byFolder<T extends { folder: string }>(documents: T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const doc of documents) groups.set(doc.folder, [...(groups.get(doc.folder) ?? []), doc]);
  return [...groups.entries()].sort(([a], [b]) => (a === "" ? 1 : b === "" ? -1 : a.localeCompare(b)));
}

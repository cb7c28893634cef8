// The import wizard's limits and the charsets and delimiters it reads, apart from the wire's zod
// shapes: the worker that reads a file needs these and nothing else, and starts faster without
// zod. wire.ts re-exports them.
export const IMPORT_LIMITS = {
  maxRows: 100_000,
  /** Characters of `content` (text, or the base64 of an .xlsx) one preview accepts. */
  maxContentChars: 60 * 1024 * 1024,
  /**
   * Bytes one part of an .xlsx (a sheet, its shared strings) and all the parts read may unzip to.
   * 100,000 rows of 32 columns, every cell different, unzip to 121 MB of
   * sheet and 135 MB of shared strings.
   */
  maxXlsxPartBytes: 256 * 1024 * 1024,
  maxXlsxBytes: 384 * 1024 * 1024,
  /**
   * Characters one cell of an .xlsx may hold: Excel's own cap, so only a file made to harm
   * holds more (docs/guides/imports.md, "Reading a file safely").
   */
  maxXlsxCellChars: 32_767,
  /**
   * Characters all the cells of the sheet read may hold together, counting a shared string once
   * per cell that shows it: a 15 KB file of 400 cells showing one 10 MB string is 4 GB of text.
   * The widest honest file (above), every cell different, holds fewer than its 135 MB of shared
   * strings.
   */
  maxXlsxChars: 200_000_000,
  /** A staged preview may be committed for this long. */
  stagingMs: 60 * 60 * 1000,
  /** A committed import may be undone for this long. */
  undoMs: 7 * 24 * 60 * 60 * 1000,
  /** Rows one GET /api/imports/:id/rows reply carries at most. */
  maxPageRows: 500,
  samples: 3,
  /**
   * Other rows sharing a row's match key that the row lists by number: a file of one listing
   * repeated 100,000 times must not stage 100,000 × 100,000 row numbers.
   */
  duplicatesListed: 10,
} as const;

export const IMPORT_CHARSETS = ["utf-8", "utf-16le", "utf-16be", "windows-1252"] as const;
export type ImportCharset = (typeof IMPORT_CHARSETS)[number];
export const IMPORT_DELIMITERS = [",", ";", "\t", "|"] as const;
export type ImportDelimiter = (typeof IMPORT_DELIMITERS)[number];

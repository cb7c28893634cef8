// A file's cells as a table of text: the header row, then every row that is not blank, with
// the row number a spreadsheet shows (the header is row 1). CSV through papaparse, .xlsx
// through read-excel-file (formulas give their cached values). Pure; runs in the worker.
import Papa from "papaparse";
import { IMPORT_DELIMITERS, IMPORT_LIMITS, type ImportCharset, type ImportDelimiter } from "../../../shared/imports/limits.js";
import { badRequest, HttpError } from "../../http/http-error.js";
import { detectFormat } from "../../../shared/csv-format.js";
import { decodeText, fileKind } from "./decode-file.js";
import { damagedWorkbook, storedZip, unzipXlsxParts } from "./xlsx-parts.js";

export interface TableRow {
  row: number;
  cells: string[];
}
export interface FileTable {
  format: "csv" | "xlsx";
  charset?: ImportCharset;
  delimiter?: ImportDelimiter;
  sheets?: string[];
  sheet?: string;
  header: string[];
  rows: TableRow[];
}
export interface ReadOptions {
  charset?: ImportCharset | null;
  delimiter?: ImportDelimiter | null;
  sheet?: string | null;
}

const blank = (cells: string[]) => cells.every((c) => c.trim() === "");

/** Header and rows from records; blank rows still count in the numbering. */
function toTable(records: string[][]): Pick<FileTable, "header" | "rows"> {
  const first = records.findIndex((r) => !blank(r));
  if (first === -1) throw badRequest("The file is empty. Its first row must name the columns.");
  const header = records[first].map((h) => h.trim());
  const rows: TableRow[] = [];
  for (let i = first + 1; i < records.length; i++) {
    if (blank(records[i])) continue;
    // Short rows are padded, so every row has a cell for every column.
    const cells = records[i].length >= header.length ? records[i] : [...records[i], ...Array<string>(header.length - records[i].length).fill("")];
    rows.push({ row: i + 1, cells });
    if (rows.length > IMPORT_LIMITS.maxRows) {
      throw badRequest(
        `The file has more than ${IMPORT_LIMITS.maxRows.toLocaleString("en-US")} rows; import at most that many at a time. Split it into smaller files.`,
      );
    }
  }
  if (rows.length === 0) throw badRequest("The file has a header row but no rows below it.");
  // Columns beyond the header's (a row with more cells) get an empty header, so nothing is hidden.
  const width = rows.reduce((w, r) => Math.max(w, r.cells.length), header.length);
  while (header.length < width) header.push("");
  return { header, rows };
}

export function readCsvText(text: string, options: ReadOptions): FileTable {
  if (text.trim() === "") throw badRequest("The file is empty. Its first row must name the columns.");
  const { delimiter, newline } = detectFormat(text, IMPORT_DELIMITERS);
  const chosen = options.delimiter ?? (delimiter as ImportDelimiter);
  const parsed = Papa.parse<string[]>(text, { delimiter: chosen, newline, skipEmptyLines: false });
  const unclosed = parsed.errors.find((e) => e.code === "MissingQuotes");
  if (unclosed) {
    throw badRequest(`Row ${(unclosed.row ?? 0) + 1} opens a quoted cell that is never closed, so the rest of the file cannot be read.`);
  }
  return { format: "csv", delimiter: chosen, ...toTable(parsed.data) };
}

const pad2 = (n: number) => String(n).padStart(2, "0");
/** A cell as the person sees it: dates as YYYY-MM-DD, numbers as JavaScript prints them. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return `${value.getUTCFullYear()}-${pad2(value.getUTCMonth() + 1)}-${pad2(value.getUTCDate())}`;
  return String(value);
}

type XlsxSheets = Awaited<ReturnType<typeof import("read-excel-file/node").default>>;

export async function readXlsx(bytes: Uint8Array, options: ReadOptions): Promise<FileTable> {
  // Loaded for workbooks only: a CSV's worker starts without the zip and XML readers.
  const { default: readXlsxFile } = await import("read-excel-file/node");
  // Unzipped here within the caps (a zip bomb is refused), then read from parts stored as they are.
  const parts = unzipXlsxParts(bytes);
  let sheets: XlsxSheets;
  try {
    sheets = await readXlsxFile(storedZip(parts));
  } catch (err) {
    throw damagedWorkbook(err instanceof Error ? err.message.slice(0, 200) : "unknown error");
  }
  const names = sheets.map((s) => s.sheet);
  if (sheets.length === 0) throw badRequest("The workbook has no sheets.");
  const recordsOf = (sheet: (typeof sheets)[number]) => sheet.data.map((r) => r.map(cellText));
  // Unnamed, the first sheet that holds a header and a row: workbooks often open on an empty
  // cover sheet, and a refusal there would leave the wizard without the list of sheets.
  const holdsRows = (sheet: (typeof sheets)[number]) => recordsOf(sheet).filter((r) => !blank(r)).length >= 2;
  const chosen = options.sheet ? sheets.find((s) => s.sheet === options.sheet) : (sheets.find(holdsRows) ?? sheets[0]);
  if (!chosen) throw badRequest(`The workbook has no sheet named "${options.sheet}". Its sheets: ${names.join(", ")}.`);
  return { format: "xlsx", sheets: names, sheet: chosen.sheet, ...toTable(recordsOf(chosen)) };
}

/** Reads any accepted file: .xlsx by its zip signature, everything else as delimited text. */
export async function readFileTable(bytes: Uint8Array, options: ReadOptions): Promise<FileTable> {
  if (fileKind(bytes) === "xlsx") return readXlsx(bytes, options);
  const { text, charset } = decodeText(bytes, options.charset);
  return { ...readCsvText(text, options), charset };
}

/** An error a worker can send back: a 400's message survives, anything else is a bug. */
export const isClientError = (err: unknown): err is HttpError => err instanceof HttpError && err.status < 500;

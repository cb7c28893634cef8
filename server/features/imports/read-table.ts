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

/**
 * Header and rows from records, taken one at a time (a workbook's are checked as they come);
 * blank rows still count in the numbering.
 */
function toTable(records: Iterable<string[]>): Pick<FileTable, "header" | "rows"> {
  let header: string[] | undefined;
  const rows: TableRow[] = [];
  let row = 0;
  for (const record of records) {
    row++;
    if (blank(record)) continue;
    if (!header) {
      header = record.map((h) => h.trim());
      continue;
    }
    // Short rows are padded, so every row has a cell for every column.
    const cells = record.length >= header.length ? record : [...record, ...Array<string>(header.length - record.length).fill("")];
    rows.push({ row, cells });
    if (rows.length > IMPORT_LIMITS.maxRows) {
      throw badRequest(
        `The file has more than ${IMPORT_LIMITS.maxRows.toLocaleString("en-US")} rows; import at most that many at a time. Split it into smaller files.`,
      );
    }
  }
  if (!header) throw badRequest("The file is empty. Its first row must name the columns.");
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
type XlsxSheet = XlsxSheets[number];

const { maxXlsxCellChars, maxXlsxChars } = IMPORT_LIMITS;

/** A column's letters as a spreadsheet shows them: 0 is A, 26 is AA. */
function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const cellTooLong = (cell: string) =>
  new HttpError(
    413,
    `This workbook cannot be read: cell ${cell} holds more than ${maxXlsxCellChars.toLocaleString("en-US")} characters, more than an Excel cell can hold. Save the sheet you need as CSV from the program that made it.`,
  );
const tooMuchText = () =>
  new HttpError(
    413,
    `This workbook is too large to read: its cells hold more than ${(maxXlsxChars / 1_000_000).toLocaleString("en-US")} million characters in all. Split it into smaller files, or save the sheet you need as CSV.`,
  );

/**
 * The sheet's rows as text, each checked before it is handed on. read-excel-file gives every cell
 * that shows a shared string the same string, so reading costs the strings once; the table
 * leaving the worker holds a copy per cell. Counting here, cell by cell, refuses a file that
 * would grow past the caps before any of it is copied.
 */
function* recordsOf(sheet: XlsxSheet): Generator<string[]> {
  let total = 0;
  for (const [r, values] of sheet.data.entries()) {
    const cells = values.map(cellText);
    for (const [c, text] of cells.entries()) {
      if (text.length > maxXlsxCellChars) throw cellTooLong(`${columnName(c)}${r + 1}`);
      total += text.length;
      if (total > maxXlsxChars) throw tooMuchText();
    }
    yield cells;
  }
}

const isBlankValue = (value: unknown) => cellText(value).trim() === "";

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
  // Unnamed, the first sheet that holds a header and a row: workbooks often open on an empty
  // cover sheet, and a refusal there would leave the wizard without the list of sheets.
  const holdsRows = (sheet: XlsxSheet) => sheet.data.filter((r) => !r.every(isBlankValue)).length >= 2;
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

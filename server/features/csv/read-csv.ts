// Turns the text of a CSV file into rows of cells by column, refusing files that cannot be read
// as a whole. Row problems are left to the import.
import Papa from "papaparse";
import {
  CSV_LIMITS,
  CSV_TEMPLATE_COLUMNS,
  matchCsvColumn,
  REQUIRED_CSV_COLUMNS,
  type CsvCells,
  type CsvColumn,
} from "../../../shared/csv-columns.js";
import { detectFormat } from "../../../shared/csv-format.js";
import { badRequest } from "../../http/http-error.js";

export interface CsvRow {
  /** The row number a spreadsheet shows: the header is row 1. */
  row: number;
  cells: CsvCells;
  /** Filled cells beyond the header's columns: usually an unquoted comma shifted the row. */
  extraCells: number;
}

export interface CsvTable {
  columns: Set<CsvColumn>;
  ignoredColumns: string[];
  rows: CsvRow[];
}

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === "");

export function readCsv(raw: string): CsvTable {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  if (text.trim() === "") throw badRequest("The file is empty. Use the template: its first row names the columns.");

  const parsed = Papa.parse<string[]>(text, { ...detectFormat(text), skipEmptyLines: false });
  const unclosed = parsed.errors.find((e) => e.code === "MissingQuotes");
  if (unclosed) {
    throw badRequest(`Row ${(unclosed.row ?? 0) + 1} opens a quoted cell that is never closed, so the rest of the file cannot be read.`);
  }

  const [header, ...records] = parsed.data;
  const columnAt: (CsvColumn | undefined)[] = [];
  const columns = new Set<CsvColumn>();
  const ignoredColumns: string[] = [];
  header.forEach((cell, i) => {
    const name = cell.trim();
    const column = name ? matchCsvColumn(name) : undefined;
    if (column && columns.has(column)) throw badRequest(`The column "${column}" appears more than once in the first row.`);
    if (column) columns.add(column);
    else if (name) ignoredColumns.push(name);
    columnAt[i] = column;
  });

  const missing = REQUIRED_CSV_COLUMNS.filter((c) => !columns.has(c));
  if (missing.length > 0) {
    throw badRequest(
      `The file is missing required columns: ${missing.join(", ")}. ` +
        `The first row must name the columns, as in the template: ${CSV_TEMPLATE_COLUMNS.join(", ")}.`,
    );
  }

  const rows: CsvRow[] = [];
  records.forEach((record, i) => {
    // Spreadsheets leave blank rows (often at the end); they still count in the numbering.
    if (isBlank(record)) return;
    const cells: CsvCells = {};
    columnAt.forEach((column, j) => {
      if (column) cells[column] = record[j] ?? "";
    });
    const extraCells = record.slice(header.length).filter((c) => c.trim() !== "").length;
    rows.push({ row: i + 2, cells, extraCells });
  });

  if (rows.length === 0) throw badRequest("The file has a header row but no listings below it.");
  if (rows.length > CSV_LIMITS.maxRows) {
    throw badRequest(
      `The file has ${rows.length.toLocaleString("en-US")} listings; import at most ` +
        `${CSV_LIMITS.maxRows.toLocaleString("en-US")} at a time. Split it into smaller files.`,
    );
  }
  return { columns, ignoredColumns, rows };
}

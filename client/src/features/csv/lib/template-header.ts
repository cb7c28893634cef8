// Whether a chosen CSV is for the template path (spec's Import dialog) or for the import wizard:
// read off its first line, with the
// delimiter found as the server finds it (shared/csv-format.ts).
import { csvHeaderKey, matchCsvColumn, REQUIRED_CSV_COLUMNS } from "@shared/csv-columns";
import { detectFormat } from "@shared/csv-format";

/** The header row's cells, split at the delimiter the server would use, quotes respected. */
export function headerCells(text: string): string[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const end = body.search(/\r|\n/);
  const line = end === -1 ? body : body.slice(0, end);
  const { delimiter } = detectFormat(line);
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      cells.push(cell);
      cell = "";
    } else cell += ch;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}

/**
 * True when the file names every required template column (extra columns are ignored, as
 * today), or when it has no header at all, so the server gives the spec path's own message.
 * Anything else is another tool's export: the wizard maps it instead of the file being refused.
 */
export function isTemplateFile(text: string): boolean {
  const cells = headerCells(text).filter((c) => csvHeaderKey(c) !== "");
  if (cells.length === 0) return true;
  const columns = new Set(cells.map(matchCsvColumn));
  return REQUIRED_CSV_COLUMNS.every((c) => columns.has(c));
}

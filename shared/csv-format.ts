// How a delimited text file is laid out (delimiter, line ending), read off its header row; shared
// by the template import (server/features/csv) and the import wizard (server/features/imports).

const DELIMITERS = [",", ";", "\t"] as const;

/**
 * The delimiter and line ending, read off the header row: it names the columns and holds no
 * delimiter or line break of its own, so it tells reliably (guessing over data rows does not:
 * descriptions are full of commas, semicolons and line breaks).
 */
export function detectFormat(
  text: string,
  delimiters: readonly string[] = DELIMITERS,
): { delimiter: string; newline: "\r\n" | "\n" | "\r" } {
  const end = text.search(/\r|\n/);
  const header = (end === -1 ? text : text.slice(0, end)).replace(/"[^"]*"/g, "");
  let delimiter: string = ",";
  let most = 0;
  for (const d of delimiters) {
    const count = header.split(d).length - 1;
    if (count > most) [delimiter, most] = [d, count];
  }
  const newline = end === -1 || text[end] === "\n" ? "\n" : text[end + 1] === "\n" ? "\r\n" : "\r";
  return { delimiter, newline };
}

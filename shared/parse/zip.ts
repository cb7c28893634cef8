// US ZIP codes: five digits, or ZIP+4 ("26501-1234", also written "265011234" or "26501 1234").
import { FAILED, isBlank, parsed, type Parsed } from "./decimal.js";

/** The ZIP as "26501" or "26501-1234"; null for blank or "N/A". */
export function parseZip(text: string): Parsed<string> {
  if (isBlank(text)) return parsed(null);
  const m = /^(\d{5})(?:[-\s]?(\d{4}))?$/.exec(text.trim());
  if (!m) return FAILED;
  return parsed(m[2] ? `${m[1]}-${m[2]}` : m[1]);
}

// A year as written: "1998", "c. 1998", "1,998" is not one.
import { FAILED, isBlank, parsed, type Parsed } from "./decimal.js";

/** The year as a number; null for blank or "N/A". Ranges are the caller's. */
export function parseYear(text: string): Parsed<number> {
  if (isBlank(text)) return parsed(null);
  const m = /^(?:c\.?|circa|ca\.?)?\s*(\d{1,4})$/i.exec(text.trim());
  return m ? parsed(Number(m[1])) : FAILED;
}

// Percentages as people write them: "7.5%", "7.50% cap", "7.5 %", "7.5".
import { decimalNumber, FAILED, isBlank, parsed, readDecimal, stripApproximately, type Parsed } from "./decimal.js";

const PERCENT = /^([\d,]*\.?\d*)\s*(?:%|percent|pct)?\s*(?:cap(?:\s*rate)?)?$/i;

/** The percentage as written (7.5 for "7.5%"); null for blank or "N/A". Ranges are the caller's. */
export function parsePercent(text: string): Parsed<number> {
  if (isBlank(text)) return parsed(null);
  const m = PERCENT.exec(stripApproximately(text.trim()));
  if (!m) return FAILED;
  const decimal = readDecimal(m[1]);
  return decimal ? parsed(decimalNumber(decimal)) : FAILED;
}

export { formatCapRate, formatPercent } from "./format.js";

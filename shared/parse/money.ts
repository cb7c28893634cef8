// Money as people type it and exports write it: "$1,650,000", "1.65M", "$2.1 million", "$18.50".
import { decimalNumber, FAILED, isBlank, parsed, readDecimal, shiftDecimal, stripApproximately, type Parsed } from "./decimal.js";
import { amountOf, readRange } from "./range.js";

const MULTIPLIERS: Record<string, number> = { k: 3, thousand: 3, m: 6, mm: 6, mil: 6, million: 6, b: 9, bn: 9, billion: 9 };

const MONEY = /^\$?\s*([\d,]*\.?\d*)\s*([a-z]+)?$/i;

/** Dollars, exactly as written (cents kept); null for blank or "N/A". A range is parseMoneyRange's. */
export function parseMoney(text: string): Parsed<number> {
  if (isBlank(text)) return parsed(null);
  const cleaned = stripApproximately(text.trim()).replace(/\s*(?:usd|dollars)$/i, "").replace(/^usd\s*/i, "");
  const m = MONEY.exec(cleaned);
  if (!m) return FAILED;
  const decimal = readDecimal(m[1]);
  if (!decimal) return FAILED;
  const suffix = m[2]?.toLowerCase();
  if (suffix !== undefined && MULTIPLIERS[suffix] === undefined) return FAILED;
  return parsed(decimalNumber(suffix ? shiftDecimal(decimal, MULTIPLIERS[suffix]) : decimal));
}

/**
 * A price range ("$489,000 - $699,000", "$489K–$699K", "489,000 to 699,000", "$1.2 - 1.5M"):
 * both bounds in dollars, lower first; null when the text is not a range of two amounts.
 */
export function parseMoneyRange(text: string): { low: number; high: number } | null {
  const read = amountOf(parseMoney);
  const range = readRange(text, read);
  return range && { low: read(range.low)!, high: read(range.high)! };
}

export { formatDollars, formatDollarsAndCents } from "./format.js";

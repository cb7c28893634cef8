// The pieces every number parser shares: what counts as "no value", and decimal text read
// exactly (as digits, never through floating point until the very end), so "1.65M" is
// 1,650,000 and not 1,649,999.9999999998.

/** A parse that succeeded (value, or null for a blank / "N/A") or did not. */
export type Parsed<T> = { ok: true; value: T | null } | { ok: false };

export const parsed = <T>(value: T | null): Parsed<T> => ({ ok: true, value });
export const FAILED: Parsed<never> = { ok: false };

// What people and exports write for "nothing here".
const BLANK = new Set(["", "n/a", "na", "n.a.", "-", "--", "—", "–", "none", "tbd"]);

/** Blank, "N/A", "-", "TBD" and the like: the field is empty. */
export const isBlank = (text: string) => BLANK.has(text.trim().toLowerCase());

/** A decimal as its digits: int has no separators, frac may be "". */
export interface Decimal {
  int: string;
  frac: string;
}

// 1234 · 1,234 · 1,234.5 · .5 · 12. — thousands separators only in groups of three.
const DECIMAL = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/;

export function readDecimal(text: string): Decimal | null {
  const m = DECIMAL.exec(text);
  if (!m || (m[1] === undefined && !m[2])) return null;
  return { int: (m[1] ?? "0").replace(/,/g, ""), frac: m[2] ?? "" };
}

/** Multiplies by 10^places by moving the point ("1.65" × 10^6 → "1650000"). */
export function shiftDecimal(d: Decimal, places: number): Decimal {
  const frac = d.frac.padEnd(places, "0");
  return { int: d.int + frac.slice(0, places), frac: frac.slice(places) };
}

export const decimalNumber = (d: Decimal) => Number(`${d.int}.${d.frac || "0"}`);

/**
 * Decimal places a number needs (0.29 → 2, 1650000 → 0). JavaScript prints the shortest text
 * that reads back as the same number, so this is what a person would have typed.
 */
export function decimalPlaces(n: number): number {
  const text = String(n);
  const exp = /e([+-]\d+)$/.exec(text);
  const mantissa = exp ? text.slice(0, exp.index) : text;
  const frac = mantissa.split(".")[1]?.length ?? 0;
  return Math.max(0, frac - (exp ? Number(exp[1]) : 0));
}

/** Leading "±", "+/-", "~", "approx." and "about": a broker's "roughly", not part of the number. */
export const stripApproximately = (text: string) => text.replace(/^(?:±|\+\/-|\+-|~|approx\.?|approximately|about|ca\.?)\s*/i, "");

export { groupDigits } from "./format.js";

// A range as listings write one ("$489,000 - $699,000", "$489K–$699K", "489,000 to 699,000",
// "1,000 - 5,000 SF"): two values of one kind, each read by the kind's own parser, so a range is
// never read by a second set of rules. The unit is often written once, after the upper bound;
// the lower bound borrows it.
import type { Parsed } from "./decimal.js";

/** The bounds, lower first, each as text its kind's parser reads (the unit included). */
export interface RangeText {
  low: string;
  high: string;
}

// A dash (hyphen, en or em) or "to" between the two values.
const SEPARATOR = /\s*(?:[-–—]|\bto\b)\s*/gi;
const ENDS_IN_DIGIT = /\d\s*$/;
// What follows the number of a value: "K", " SF", " /SF/yr NNN", "%".
const UNIT_AFTER_NUMBER = /^[^\d]*[\d.,]+/;

/**
 * The two bounds of `text` when it is a range of values `amount` reads (null for anything else:
 * one value, words, a negative number). `amount` answers the number a side means, or null when it
 * does not read it. Bounds written high to low come back low first.
 */
export function readRange(text: string, amount: (side: string) => number | null): RangeText | null {
  const t = text.trim();
  for (const m of t.matchAll(SEPARATOR)) {
    const left = t.slice(0, m.index).trim();
    const right = t.slice(m.index + m[0].length).trim();
    if (left === "" || right === "") continue;
    const high = amount(right);
    if (high === null) continue;
    const low = lowerSide(left, right, high, amount);
    if (low === null) continue;
    return low.value <= high ? { low: low.text, high: right } : { low: right, high: low.text };
  }
  return null;
}

/** The left side as its own value: with the right side's unit when it has none ("$1.2 - 1.5M" is $1.2M). */
function lowerSide(left: string, right: string, high: number, amount: (side: string) => number | null) {
  const unit = right.replace(UNIT_AFTER_NUMBER, "");
  if (unit !== "" && ENDS_IN_DIGIT.test(left)) {
    const borrowed = `${left}${unit}`;
    const value = amount(borrowed);
    // "489,000 - 699K" is not $489 million: a borrowed unit must keep the bounds in order.
    if (value !== null && value <= high) return { text: borrowed, value };
  }
  const value = amount(left);
  return value === null ? null : { text: left, value };
}

/** A parser's number, or null when it refuses the text or reads no value. */
export const amountOf =
  (parse: (text: string) => Parsed<number>) =>
  (text: string): number | null => {
    const result = parse(text);
    return result.ok ? result.value : null;
  };

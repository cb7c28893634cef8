// The zod pieces the spaces, the rent roll and the operating statement share: money, areas and
// dates typed as text ("$18.50", "2,400 SF", "3/1/2027") or sent as JSON numbers, read by the
// same parsers as the listing facts (shared/parse/), each refusal naming its field.
import { z } from "zod";
import { parseCalendarDate } from "./parse/dates.js";
import { decimalPlaces } from "./parse/decimal.js";
import { parseMoney } from "./parse/money.js";
import { parseSquareFeet } from "./parse/size.js";
import { isStorableText, unstorableMessage } from "./storable-text.js";

/** The largest area or amount a space or a lease holds (as the listing facts' limits). */
export const INCOME_LIMITS = { sizeMaxSf: 2_000_000_000, moneyMax: 999_999_999_999, text: 200, longText: 2000 } as const;

type Read<T> = (input: string | number) => T | null | undefined;

/** A value typed as text or sent as a number; undefined from `read` refuses it with `message`. */
function typed<T>(message: string, read: Read<T>) {
  return z
    .union([z.string(), z.number()], { error: () => message })
    .nullish()
    .transform((input, ctx): T | null => {
      if (input === null || input === undefined) return null;
      const value = read(input);
      if (value === undefined) {
        ctx.addIssue({ code: "custom", message, input });
        return z.NEVER;
      }
      return value;
    });
}

// "-$500" is a negative amount, which the money parser does not read; it is refused as negative.
const NEGATIVE = /^\s*-/;

/** Whole square feet above 0 ("2,400 SF", 2400). */
export const squareFeetField = (label: string) =>
  typed<number>(`${label} must be whole square feet above 0, like 2,400 SF`, (input) => {
    const value = typeof input === "number" ? input : parseSquareFeet(input);
    const n = typeof value === "number" ? value : value.ok ? value.value : undefined;
    if (n === null) return null;
    return n !== undefined && Number.isInteger(n) && n >= 1 && n <= INCOME_LIMITS.sizeMaxSf ? n : undefined;
  });

/**
 * Dollars and cents ("$48,000", 48000, "1.2M"). Negative amounts are refused unless `negative`
 * allows them (an income line such as a vacancy allowance is written negative).
 */
export const moneyField = (label: string, { negative = false } = {}) => {
  const message = negative
    ? `${label} must be a dollar amount with at most 2 decimals, like $48,000`
    : `${label} must be a dollar amount of $0 or more with at most 2 decimals (not negative), like $48,000`;
  return typed<number>(message, (input) => {
    let n: number | null | undefined;
    if (typeof input === "number") n = input;
    else {
      const minus = NEGATIVE.test(input);
      const result = parseMoney(minus ? input.replace(NEGATIVE, "") : input);
      n = result.ok ? (result.value === null ? null : minus ? -result.value : result.value) : undefined;
    }
    if (n === null) return null;
    if (n === undefined || !Number.isFinite(n) || Math.abs(n) > INCOME_LIMITS.moneyMax || decimalPlaces(n) > 2) return undefined;
    return n < 0 && !negative ? undefined : n;
  });
};

/** A calendar date ("2027-03-01", "3/1/2027"), kept as "YYYY-MM-DD". */
export const dateField = (label: string) =>
  typed<string>(`${label} must be a date like 2027-03-01 or 3/1/2027`, (input) => {
    if (typeof input !== "string") return undefined;
    const result = parseCalendarDate(input);
    return result.ok ? result.value : undefined;
  });

/** Optional free text up to `max` characters; blank is null. */
export const textField = (label: string, max: number = INCOME_LIMITS.text) =>
  z
    .string({ error: `${label} must be text` })
    .refine(isStorableText, unstorableMessage(label))
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Required text up to `max` characters. */
export const requiredTextField = (label: string, max: number = INCOME_LIMITS.text) =>
  z
    .string({ error: `${label} is required` })
    .refine(isStorableText, unstorableMessage(label))
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

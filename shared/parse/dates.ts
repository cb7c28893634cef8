// Calendar dates (no time, no zone) as people and exports write them: "2026-03-15",
// "3/15/2026", "03/15/26", "Mar 15, 2026". Kept as "YYYY-MM-DD" text everywhere.
import { FAILED, isBlank, parsed, type Parsed } from "./decimal.js";

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** "YYYY-MM-DD" when year, month and day make a real date; null otherwise. */
export function calendarDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1 || year > 9999) return null;
  const d = new Date(Date.UTC(2000, month - 1, day));
  d.setUTCFullYear(year);
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

// Two-digit years are this century (an expiration "12/31/29" is 2029).
const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

/** The date as "YYYY-MM-DD"; null for blank or "N/A". */
export function parseCalendarDate(text: string): Parsed<string> {
  if (isBlank(text)) return parsed(null);
  const t = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m) return orFail(calendarDate(Number(m[1]), Number(m[2]), Number(m[3])));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(t);
  if (m) return orFail(calendarDate(fullYear(m[3]), Number(m[1]), Number(m[2])));
  m = /^([a-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/i.exec(t);
  if (m) {
    const month = MONTHS.indexOf(m[1].slice(0, 3).toLowerCase()) + 1;
    return month > 0 ? orFail(calendarDate(Number(m[3]), month, Number(m[2]))) : FAILED;
  }
  return FAILED;
}

const orFail = (date: string | null): Parsed<string> => (date ? parsed(date) : FAILED);

/** "2026-03-15" → "Mar 15, 2026". */
export function formatCalendarDate(iso: string): string {
  const [y, m, d] = iso.split("-").map(Number);
  const month = MONTHS[m - 1];
  return `${month[0].toUpperCase()}${month.slice(1)} ${d}, ${y}`;
}

/** Today in the viewer's own calendar, as "YYYY-MM-DD". */
export function todayCalendarDate(now = new Date()): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const utc = (iso: string) => {
    const [y, m, d] = iso.split("-").map(Number);
    const date = new Date(Date.UTC(2000, m - 1, d));
    date.setUTCFullYear(y);
    return date.getTime();
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/** The date `days` after `iso` (before, when negative). */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split("-").map(Number);
  const date = new Date(Date.UTC(2000, m - 1, d));
  date.setUTCFullYear(y);
  date.setUTCDate(date.getUTCDate() + days);
  return calendarDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()) as string;
}

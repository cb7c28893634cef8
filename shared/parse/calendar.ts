// Calendar dates ("YYYY-MM-DD", no time, no zone): made, printed and counted. Apart from the
// parser beside it, so the first page counts days to an expiration without it.

/** The months' first three letters, as dates are printed and read. */
export const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** "YYYY-MM-DD" when year, month and day make a real date; null otherwise. */
export function calendarDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1 || year > 9999) return null;
  const d = new Date(Date.UTC(2000, month - 1, day));
  d.setUTCFullYear(year);
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

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

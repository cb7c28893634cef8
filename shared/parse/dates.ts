// Calendar dates (no time, no zone) as people and exports write them: "2026-03-15",
// "3/15/2026", "03/15/26", "Mar 15, 2026". Kept as "YYYY-MM-DD" text everywhere.
import { calendarDate, MONTHS } from "./calendar.js";
import { FAILED, isBlank, parsed, type Parsed } from "./decimal.js";

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

export { addDays, calendarDate, daysBetween, formatCalendarDate, todayCalendarDate } from "./calendar.js";

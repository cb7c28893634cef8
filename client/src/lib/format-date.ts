import { format, isValid } from "date-fns";

type DateInput = Date | string | number | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return isValid(date) ? date : null;
}

/** "Jan 5, 2025" */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? format(date, "MMM d, yyyy") : "";
}

/** "Jan 5, 2025 at 3:04 PM" (notes, spec §2). */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? format(date, "MMM d, yyyy 'at' h:mm a") : "";
}

/** "Jan 5 at 3:04 PM" (notifications, spec §2). */
export function formatShortDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? format(date, "MMM d 'at' h:mm a") : "";
}

/** Machine-readable value for <time dateTime>. */
export function isoDate(value: DateInput): string | undefined {
  return toDate(value)?.toISOString();
}

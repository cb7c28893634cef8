import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatShortDateTime, isoDate } from "./format-date";

// vitest.unit.config.ts runs these in UTC, so the expected words do not depend on the machine.
const at = "2025-01-05T15:04:00.000Z";

describe("dates as the screens write them", () => {
  it("writes dates, note times (spec §2) and notification times", () => {
    expect(formatDate(at)).toBe("Jan 5, 2025");
    expect(formatDateTime(at)).toBe("Jan 5, 2025 at 3:04 PM");
    expect(formatShortDateTime(at)).toBe("Jan 5 at 3:04 PM");
  });

  it("reads strings as they arrive in JSON, Dates and epoch numbers alike", () => {
    expect(formatDate(new Date(at))).toBe("Jan 5, 2025");
    expect(formatDate(Date.parse(at))).toBe("Jan 5, 2025");
    expect(isoDate(at)).toBe(at);
  });

  it("writes nothing for a missing or unreadable date instead of 'Invalid Date'", () => {
    for (const value of [null, undefined, "", "not a date"]) {
      expect(formatDate(value)).toBe("");
      expect(formatDateTime(value)).toBe("");
      expect(isoDate(value)).toBeUndefined();
    }
  });
});

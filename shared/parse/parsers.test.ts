import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LEASE_RATE_UNITS, LEASE_TYPES } from "../listing-fact-choices.js";
import { addDays, calendarDate, daysBetween, formatCalendarDate, parseCalendarDate } from "./dates.js";
import { decimalPlaces } from "./decimal.js";
import { formatLeaseRate, parseLeaseRate } from "./lease-rate.js";
import { formatDollars, formatDollarsAndCents, parseMoney, parseMoneyRange } from "./money.js";
import { formatCapRate, parsePercent } from "./percent.js";
import { amountOf, readRange } from "./range.js";
import { formatAcres, formatSquareFeet, parseAcres, parseSquareFeet } from "./size.js";
import { parseYear } from "./year.js";
import { parseZip } from "./zip.js";

const value = <T>(result: { ok: true; value: T | null } | { ok: false }) => (result.ok ? result.value : "refused");
const BLANKS = ["", "  ", "N/A", "n/a", "-", "—", "TBD"];

/** A number with at most `decimals` places, built from integers so it is exactly what it prints. */
const withDecimals = (max: number, decimals: number) =>
  fc.integer({ min: 1, max: max * 10 ** decimals }).map((n) => Number((n / 10 ** decimals).toFixed(decimals)));

describe("money", () => {
  it("reads what people type", () => {
    expect(value(parseMoney("$1,650,000"))).toBe(1_650_000);
    expect(value(parseMoney("1.65M"))).toBe(1_650_000);
    expect(value(parseMoney("$2.1 million"))).toBe(2_100_000);
    expect(value(parseMoney("$850K"))).toBe(850_000);
    expect(value(parseMoney("$18.50"))).toBe(18.5);
    expect(value(parseMoney("1650000"))).toBe(1_650_000);
    expect(value(parseMoney("±$1,200,000"))).toBe(1_200_000);
    for (const blank of BLANKS) expect(value(parseMoney(blank))).toBeNull();
  });

  it("refuses what is not money", () => {
    for (const bad of ["abc", "$1,65,000", "1.2.3", "$", "-5", "12 apples", "1.65X", "$1 650 000"]) expect(value(parseMoney(bad))).toBe("refused");
  });

  it("format → parse returns the value (whole dollars)", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (n) => value(parseMoney(formatDollars(n))) === n));
  });

  it("format → parse returns the value (dollars and cents)", () => {
    fc.assert(fc.property(withDecimals(9_999_999, 2), (n) => value(parseMoney(formatDollarsAndCents(n))) === n));
  });

  it("keeps the decimals a suffix leaves ($1.2345K is $1,234.50)", () => {
    expect(value(parseMoney("1.2345K"))).toBe(1234.5);
    expect(decimalPlaces(value(parseMoney("1.2345K")) as number)).toBe(1);
  });
});

describe("ranges", () => {
  it("reads a price range as people and exports write it, lower bound first", () => {
    expect(parseMoneyRange("$489,000 - $699,000")).toEqual({ low: 489_000, high: 699_000 });
    expect(parseMoneyRange("$489K–$699K")).toEqual({ low: 489_000, high: 699_000 });
    expect(parseMoneyRange("489,000 to 699,000")).toEqual({ low: 489_000, high: 699_000 });
    expect(parseMoneyRange("$489,000—$699,000")).toEqual({ low: 489_000, high: 699_000 });
    expect(parseMoneyRange("$489,000-$699,000")).toEqual({ low: 489_000, high: 699_000 });
    expect(parseMoneyRange("$699,000 - $489,000")).toEqual({ low: 489_000, high: 699_000 });
  });

  it("lends the upper bound's unit to a lower bound written without one, unless that breaks their order", () => {
    expect(parseMoneyRange("$1.2 - 1.5M")).toEqual({ low: 1_200_000, high: 1_500_000 });
    expect(parseMoneyRange("489,000 - 699K")).toEqual({ low: 489_000, high: 699_000 });
    expect(readRange("1,000 - 5,000 SF", amountOf(parseSquareFeet))).toEqual({ low: "1,000 SF", high: "5,000 SF" });
    // A lot in square feet is acres: without the unit the lower bound would be 20,000 acres.
    expect(readRange("20,000 - 40,000 SF", amountOf(parseAcres))).toEqual({ low: "20,000 SF", high: "40,000 SF" });
    expect(readRange("6.5% - 7%", amountOf(parsePercent))).toEqual({ low: "6.5%", high: "7%" });
    const rate = (text: string) => {
      const r = parseLeaseRate(text);
      return r.ok && r.value ? r.value.rate : null;
    };
    expect(readRange("$18.50 - $22.00 /SF/yr NNN", rate)).toEqual({ low: "$18.50 /SF/yr NNN", high: "$22.00 /SF/yr NNN" });
  });

  it("is no range for one value, words, a negative number or a street number pair", () => {
    for (const text of ["$1,650,000", "1.65M", "Price Upon Request", "-5", "—", "", "$489,000 - call", "54-56 Saint Emanuel St", "Sale - Lease"]) {
      expect(parseMoneyRange(text), text).toBeNull();
    }
    expect(value(parseMoney("$489,000 - $699,000"))).toBe("refused");
  });
});

describe("lease rate", () => {
  it("reads a rate with or without its unit and lease type", () => {
    expect(value(parseLeaseRate("$18.50"))).toEqual({ rate: 18.5, unit: null, leaseType: null });
    expect(value(parseLeaseRate("$18.50 /SF/yr NNN"))).toEqual({ rate: 18.5, unit: "per SF/yr", leaseType: "NNN" });
    expect(value(parseLeaseRate("$18.50/SF/yr"))).toEqual({ rate: 18.5, unit: "per SF/yr", leaseType: null });
    expect(value(parseLeaseRate("$1.25 per SF/mo Modified Gross"))).toEqual({ rate: 1.25, unit: "per SF/mo", leaseType: "Modified Gross" });
    expect(value(parseLeaseRate("$4,500 per month"))).toEqual({ rate: 4500, unit: "per month", leaseType: null });
    expect(value(parseLeaseRate("$22 Full Service"))).toEqual({ rate: 22, unit: null, leaseType: "Full Service" });
    expect(value(parseLeaseRate("N/A"))).toBeNull();
    expect(value(parseLeaseRate("$18.50 per fortnight"))).toBe("refused");
    expect(value(parseLeaseRate("call broker"))).toBe("refused");
  });

  it("format → parse returns the rate, unit and lease type", () => {
    fc.assert(
      fc.property(
        withDecimals(99_999, 2),
        fc.option(fc.constantFrom(...LEASE_RATE_UNITS), { nil: null }),
        fc.option(fc.constantFrom(...LEASE_TYPES), { nil: null }),
        (rate, unit, leaseType) => {
          expect(value(parseLeaseRate(formatLeaseRate(rate, unit, leaseType)))).toEqual({ rate, unit, leaseType });
        },
      ),
    );
  });
});

describe("sizes", () => {
  it("reads square feet and acres as listings write them", () => {
    expect(value(parseSquareFeet("20,000 SF"))).toBe(20_000);
    expect(value(parseSquareFeet("±2,520 SF"))).toBe(2520);
    expect(value(parseSquareFeet("20000 sq ft"))).toBe(20_000);
    expect(value(parseSquareFeet("20000"))).toBe(20_000);
    expect(value(parseSquareFeet("2.5 acres"))).toBe("refused");
    expect(value(parseAcres("2.5 acres"))).toBe(2.5);
    expect(value(parseAcres("2.5 AC"))).toBe(2.5);
    expect(value(parseAcres("2.5"))).toBe(2.5);
    // 94,290 / 43,560 = 2.16460…, kept to the 3 decimals acres have.
    expect(value(parseAcres("94,290 SF"))).toBe(2.165);
    expect(value(parseAcres("43,560 sq ft"))).toBe(1);
    for (const blank of BLANKS) expect(value(parseAcres(blank))).toBeNull();
    for (const bad of ["big", "20,000 SM", "2.5 hectares", "1,2345 SF"]) expect(value(parseSquareFeet(bad))).toBe("refused");
  });

  it("format → parse returns the value", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 2_000_000_000 }), (n) => value(parseSquareFeet(formatSquareFeet(n))) === n));
    fc.assert(fc.property(withDecimals(999_999, 3), (n) => value(parseAcres(formatAcres(n))) === n));
  });

  it("converts any lot in square feet to acres with at most 3 decimals", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), (sf) => {
        const acres = value(parseAcres(formatSquareFeet(sf))) as number;
        expect(decimalPlaces(acres)).toBeLessThanOrEqual(3);
        expect(Math.abs(acres - sf / 43_560)).toBeLessThanOrEqual(0.0005 + 1e-9);
      }),
    );
  });
});

describe("percent", () => {
  it("reads cap rates as written", () => {
    expect(value(parsePercent("7.5%"))).toBe(7.5);
    expect(value(parsePercent("7.50% cap"))).toBe(7.5);
    expect(value(parsePercent("7.5 %"))).toBe(7.5);
    expect(value(parsePercent("7.5"))).toBe(7.5);
    expect(value(parsePercent("N/A"))).toBeNull();
    expect(value(parsePercent("seven"))).toBe("refused");
  });

  it("format → parse returns the value", () => {
    fc.assert(fc.property(withDecimals(100, 2), (n) => value(parsePercent(formatCapRate(n))) === n));
  });
});

describe("calendar dates", () => {
  it("reads ISO, US and written dates, and refuses dates that do not exist", () => {
    expect(value(parseCalendarDate("2026-03-15"))).toBe("2026-03-15");
    expect(value(parseCalendarDate("3/15/2026"))).toBe("2026-03-15");
    expect(value(parseCalendarDate("03/15/26"))).toBe("2026-03-15");
    expect(value(parseCalendarDate("Mar 15, 2026"))).toBe("2026-03-15");
    expect(value(parseCalendarDate("March 15 2026"))).toBe("2026-03-15");
    expect(value(parseCalendarDate("2024-02-29"))).toBe("2024-02-29");
    expect(value(parseCalendarDate(""))).toBeNull();
    for (const bad of ["2026-02-30", "2025-02-29", "13/01/2026", "tomorrow", "2026-3"]) expect(value(parseCalendarDate(bad))).toBe("refused");
  });

  const isoDate = fc
    .record({ y: fc.integer({ min: 1700, max: 2200 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) })
    .map(({ y, m, d }) => calendarDate(y, m, d) as string);

  it("format → parse returns the date, both as stored and as shown", () => {
    fc.assert(fc.property(isoDate, (iso) => value(parseCalendarDate(iso)) === iso && value(parseCalendarDate(formatCalendarDate(iso))) === iso));
  });

  it("adds days across months, years and leap days", () => {
    expect(addDays("2026-02-20", 10)).toBe("2026-03-02");
    expect(addDays("2024-02-20", 10)).toBe("2024-03-01");
    expect(addDays("2026-12-15", 30)).toBe("2027-01-14");
    fc.assert(fc.property(isoDate, fc.integer({ min: -400, max: 400 }), (iso, n) => daysBetween(iso, addDays(iso, n)) === n));
  });

  it("counts days across months and leap years", () => {
    expect(daysBetween("2026-11-22", "2026-12-22")).toBe(30);
    expect(daysBetween("2024-02-28", "2024-03-01")).toBe(2);
    expect(daysBetween("2026-11-22", "2026-11-21")).toBe(-1);
  });
});

describe("ZIP and year", () => {
  it("reads 5-digit ZIPs and ZIP+4", () => {
    expect(value(parseZip("26501"))).toBe("26501");
    expect(value(parseZip("26501-1234"))).toBe("26501-1234");
    expect(value(parseZip("265011234"))).toBe("26501-1234");
    for (const bad of ["2650", "26501-12", "ABCDE", "26501-12345"]) expect(value(parseZip(bad))).toBe("refused");
    fc.assert(fc.property(fc.stringMatching(/^\d{5}(-\d{4})?$/), (zip) => value(parseZip(zip)) === zip));
  });

  it("reads years", () => {
    expect(value(parseYear("1998"))).toBe(1998);
    expect(value(parseYear("c. 1925"))).toBe(1925);
    expect(value(parseYear("nineteen"))).toBe("refused");
    fc.assert(fc.property(fc.integer({ min: 1, max: 9999 }), (y) => value(parseYear(String(y))) === y));
  });
});

// The claims rule on a corpus of real-style descriptions (claims-corpus.ts): what each may and
// may never yield, and the same rule holding a post to what its listing claims.
import { describe, expect, it } from "vitest";
import { extractClaims, unsupportedClaims } from "./claims.js";
import { CLAIMS_CORPUS, LOOPNET_OFFICE } from "./claims-corpus.js";

const CANONICAL: Record<string, string> = { acres: "AC", sf: "SF", vpd: "VPD", "ft clear": "ft clear", units: "units", "parking spaces": "parking spaces" };

/** "1,000 SF" → 1000 and "SF": how a corpus case names a figure it must never yield. */
function parseNever(figure: string): { value: number; unit: string } {
  const m = /^([\d,.]+) (.+)$/.exec(figure)!;
  return { value: Number(m[1].replace(/,/g, "")), unit: CANONICAL[m[2].toLowerCase()] ?? m[2] };
}

describe("the claims corpus", () => {
  it("holds at least 40 descriptions of every kind", () => {
    expect(CLAIMS_CORPUS.length).toBeGreaterThanOrEqual(40);
    const all = CLAIMS_CORPUS.map((c) => c.text).join("\n");
    for (const kind of ["±", "approx", "+/-", "/1,000", "–", "minutes", "within", "built in", "renovated", "units", "buildings", "' clear", "AC", "VPD"]) expect(all).toContain(kind);
  });

  for (const c of CLAIMS_CORPUS) {
    it(c.name, () => {
      const claims = extractClaims(c.text);
      expect(claims.figures.map((f) => f.phrase)).toEqual(c.figures);
      for (const n of c.never.map(parseNever)) {
        // Never as a bare figure: an approximation may stand only with its qualifier.
        expect(claims.figures.filter((f) => f.value === n.value && f.unit === n.unit && f.qualifier === null)).toEqual([]);
      }
      const keys = claims.features.map((f) => f.key);
      for (const key of c.features ?? []) expect(keys).toContain(key);
      for (const key of c.noFeatures ?? []) expect(keys).not.toContain(key);
      if (c.years) expect(claims.years.map((y) => `${y.event} ${y.year}`)).toEqual(c.years);
      if (c.money) expect(claims.money.map((m) => m.phrase)).toEqual(c.money);
      if (c.occupancy !== undefined) expect(claims.occupancy).toBe(c.occupancy);
      if (c.tripleNet !== undefined) expect(claims.tripleNet).toBe(c.tripleNet);
    });
  }
});

describe("the figures that are not claims, and why", () => {
  it("names the ratio's, the range's, the distance's and the part's figure", () => {
    expect(extractClaims(LOOPNET_OFFICE).refused).toEqual(
      expect.arrayContaining([
        { text: "1,000 SF", reason: "ratio" },
        { text: "9,800 SF", reason: "range" },
      ]),
    );
    expect(extractClaims("Adjacent to a 120,000 SF Kroger.").refused).toEqual([{ text: "120,000 SF", reason: "distance" }]);
    expect(extractClaims("Building A: 12,000 SF.").refused).toEqual([{ text: "12,000 SF", reason: "part" }]);
    expect(extractClaims("Priced $489,000 - $699,000.").refused).toEqual([{ text: "$489,000 - $699,000", reason: "range" }]);
  });
});

describe("an output held to its listing's claims", () => {
  const facts = { buildingSizeSf: 126_500, lotSizeAcres: 11.2 };

  it("refuses the figure lifted out of the ratio and the downtown lifted out of a distance", () => {
    expect(unsupportedClaims("Class A office with 1,000 SF and a downtown location.", LOOPNET_OFFICE, facts)).toEqual(["1,000 SF", "downtown"]);
    expect(unsupportedClaims("Suites of 9,800 SF available.", LOOPNET_OFFICE, facts)).toEqual(["9,800 SF"]);
  });

  it("accepts what the description and the facts say, as they say it", () => {
    expect(unsupportedClaims("126,500 SF on 11.2 AC, 520 surface parking spaces (4.1/1,000 SF), minutes from downtown.", LOOPNET_OFFICE, facts)).toEqual([]);
    expect(unsupportedClaims("A 126,500-square-foot campus, renovated in 2019.", LOOPNET_OFFICE, facts)).toEqual([]);
  });

  it("keeps an approximation with its qualifier and refuses a renovation the description does not date", () => {
    const text = "Flex building of 24,000 SF +/- on 3.5± acres.";
    expect(unsupportedClaims("About 24,000 SF on ±3.5 acres.", text, {})).toEqual([]);
    expect(unsupportedClaims("24,000 SF on 3.5 acres.", text, {})).toEqual(["24,000 SF", "3.5 acres"]);
    expect(unsupportedClaims("Renovated in 2020.", LOOPNET_OFFICE, facts)).toEqual(["renovated 2020"]);
  });

  it("holds a business's figures to the description's: not a range's end, not an \"over\" stated bare", () => {
    const text = "Annual sales of $1.8M - $2.1M, SDE of $410,000, and cash flow over $300K.";
    expect(unsupportedClaims("$410,000 in SDE and over $300K in cash flow.", text, {})).toEqual([]);
    expect(unsupportedClaims("$1.8M in sales, $300K in cash flow.", text, {})).toEqual(["$1.8M in sales", "$300K in cash flow"]);
  });
});

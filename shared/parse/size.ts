// Areas as listings write them: "20,000 SF", "±2,520 SF", "20000 sq ft", "2.5 acres", "2.5 AC";
// a lot written in square feet ("94,290 SF") becomes acres.
import { decimalNumber, FAILED, isBlank, parsed, readDecimal, shiftDecimal, stripApproximately, type Parsed } from "./decimal.js";

export const SQUARE_FEET_PER_ACRE = 43_560;

type AreaUnit = "sf" | "acres";
const UNIT_WORDS: Record<string, AreaUnit> = {
  sf: "sf",
  sqft: "sf",
  squarefeet: "sf",
  squarefoot: "sf",
  ft2: "sf",
  "ft²": "sf",
  rsf: "sf",
  usf: "sf",
  gsf: "sf",
  ac: "acres",
  acre: "acres",
  acres: "acres",
};

const AREA = /^([\d,]*\.?\d*)\s*(k)?\s*([a-z.² ]*)$/i;

/** An amount and the unit it was written in (none when bare). */
function readArea(text: string): Parsed<{ amount: number; unit: AreaUnit | null }> {
  if (isBlank(text)) return parsed(null);
  const m = AREA.exec(stripApproximately(text.trim()));
  if (!m) return FAILED;
  const decimal = readDecimal(m[1]);
  if (!decimal) return FAILED;
  const unitText = m[3].toLowerCase().replace(/[\s.]+/g, "");
  const unit = unitText === "" ? null : UNIT_WORDS[unitText];
  if (unit === undefined) return FAILED;
  return parsed({ amount: decimalNumber(m[2] ? shiftDecimal(decimal, 3) : decimal), unit });
}

/** Square feet as written ("20,000 SF", "20000", "20K SF"); refuses acres. Ranges are the caller's. */
export function parseSquareFeet(text: string): Parsed<number> {
  const area = readArea(text);
  if (!area.ok || area.value === null) return area as Parsed<never>;
  return area.value.unit === "acres" ? FAILED : parsed(area.value.amount);
}

/**
 * Acres: "2.5 acres", "2.5 AC" and a bare "2.5" as written; square feet ("94,290 SF") converted
 * at 43,560 SF an acre and rounded to the 3 decimals acres are kept with.
 */
export function parseAcres(text: string): Parsed<number> {
  const area = readArea(text);
  if (!area.ok || area.value === null) return area as Parsed<never>;
  const { amount, unit } = area.value;
  return parsed(unit === "sf" ? Math.round((amount * 1000) / SQUARE_FEET_PER_ACRE) / 1000 : amount);
}

export { formatAcres, formatSquareFeet } from "./format.js";

// A lease rate as listings write it: "$18.50", "$18.50 /SF/yr", "$18.50/SF/yr NNN", "$4,500 per month".
import {
  LEASE_RATE_UNIT_SHORT,
  LEASE_TYPES,
  type LeaseRateUnit,
  type LeaseType,
} from "../listing-fact-choices.js";
import { FAILED, isBlank, parsed, stripApproximately, type Parsed } from "./decimal.js";
import { parseMoney } from "./money.js";

export interface LeaseRate {
  rate: number;
  unit: LeaseRateUnit | null;
  leaseType: LeaseType | null;
}

const squash = (text: string) => text.toLowerCase().replace(/[\s.]+/g, "").replace(/^per/, "/").replace(/^\//, "");

// "/SF/yr", "per SF/yr", "SF/YR", "/sf/year", "psf/yr" … all one unit.
const UNIT_WORDS = new Map<string, LeaseRateUnit>();
for (const [unit, words] of [
  ["per SF/yr", ["sf/yr", "sf/year", "sfyr", "psf/yr", "psf", "sf", "/sf/yr", "sqft/yr", "sf/annum"]],
  ["per SF/mo", ["sf/mo", "sf/month", "sfmo", "psf/mo", "sqft/mo"]],
  ["per month", ["mo", "month", "monthly"]],
  ["per year", ["yr", "year", "annum", "annually", "annual"]],
] as const) {
  UNIT_WORDS.set(squash(unit), unit);
  UNIT_WORDS.set(squash(LEASE_RATE_UNIT_SHORT[unit]), unit);
  for (const w of words) UNIT_WORDS.set(squash(w), unit);
}

/** "sf/yr", "per SF/yr", "/SF/yr" → "per SF/yr"; undefined when it is none of them. */
export const matchLeaseRateUnit = (text: string): LeaseRateUnit | undefined => UNIT_WORDS.get(squash(text));

const TYPE_WORDS = new Map<string, LeaseType>(LEASE_TYPES.map((t) => [t.toLowerCase().replace(/\s+/g, ""), t]));
TYPE_WORDS.set("triplenet", "NNN");
TYPE_WORDS.set("mg", "Modified Gross");
TYPE_WORDS.set("fs", "Full Service");
/** "nnn", "Triple Net", "modified gross", "MG" → the lease type; undefined when none. */
export const matchLeaseType = (text: string): LeaseType | undefined => TYPE_WORDS.get(text.toLowerCase().replace(/\s+/g, ""));

// The amount at the start; what follows is a unit, a lease type, or both ("/SF/yr NNN").
const AMOUNT = /^\$?\s*[\d,]*\.?\d+(?:\s*(?:k|mm|m)(?![a-z]))?/i;
// Longest first, so "Modified Gross" is not read as "Gross".
const TYPE_NAMES = [...TYPE_WORDS.keys(), ...LEASE_TYPES.map((t) => t.toLowerCase())].sort((a, b) => b.length - a.length);

function splitLeaseType(rest: string): { unitText: string; leaseType: LeaseType | null } | null {
  const lower = rest.toLowerCase();
  for (const name of TYPE_NAMES) {
    if (!lower.endsWith(name)) continue;
    const before = rest.slice(0, rest.length - name.length);
    if (before !== "" && !/\s$/.test(before)) continue;
    return { unitText: before.trim(), leaseType: matchLeaseType(name) ?? null };
  }
  return null;
}

/** The rate (dollars and cents, as written) and, when the text names them, its unit and lease type. */
export function parseLeaseRate(text: string): Parsed<LeaseRate> {
  if (isBlank(text)) return parsed(null);
  const trimmed = stripApproximately(text.trim());
  const m = AMOUNT.exec(trimmed);
  if (!m) return FAILED;
  const amount = parseMoney(m[0]);
  if (!amount.ok || amount.value === null) return FAILED;
  const rest = trimmed.slice(m[0].length).trim();
  if (rest === "") return parsed({ rate: amount.value, unit: null, leaseType: null });
  const split = splitLeaseType(rest) ?? { unitText: rest, leaseType: null };
  if (split.unitText === "") return parsed({ rate: amount.value, unit: null, leaseType: split.leaseType });
  const unit = matchLeaseRateUnit(split.unitText);
  return unit ? parsed({ rate: amount.value, unit, leaseType: split.leaseType }) : FAILED;
}

export { formatLeaseRate } from "./format.js";

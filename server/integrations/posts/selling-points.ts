// What makes a listing worth a look, as short phrases the writer can put in its own sentences:
// the facts (price or rate, sizes, zoning, lease type, ...) and what the description says in
// figures with units ("28,000 VPD", "45 parking spaces") or in the words brokers sell with
// ("signalized corner", "liquor license"). Phrases are short, so no post pastes the description.
import { formatLeaseRate } from "../../../shared/parse/lease-rate.js";
import { formatAcres, formatSquareFeet } from "../../../shared/parse/size.js";
import type { DealFacts } from "./listing-facts.js";
import { collapseSpaces } from "./text.js";

export interface SellingPoint {
  /** A noun phrase: "a 28,000 VPD traffic count", "zoning B-2". */
  phrase: string;
  /** True for a fact from the listing's fact fields or a figure from its description. */
  fact: boolean;
}

const UNIT_WORDS = [
  "vpd",
  "vehicles per day",
  "cars per day",
  "sf",
  "sq\\. ?ft\\.?",
  "square feet",
  "acres?",
  "ac",
  "parking spaces",
  "spaces",
  "seats",
  "units",
  "rooms",
  "dock doors",
  "docks",
  "loading docks",
  "drive-in doors",
  "ft\\.? clear",
  "feet of frontage",
  "ft\\.? of frontage",
].join("|");
// A figure and its unit, as the description writes it: "28,000 VPD", "3.2 acres", "45 parking spaces".
const FIGURE = new RegExp(`(?<![\\p{L}\\p{N}.,])\\d{1,3}(?:,\\d{3})*(?:\\.\\d+)?\\+?\\s?(?:${UNIT_WORDS})(?![\\p{L}])`, "giu");

// Words brokers sell with, and the phrase a post uses for each.
const FEATURES: [RegExp, string][] = [
  [/\bsignali[sz]ed (?:corner|intersection)\b/i, "a signalized corner"],
  [/\bhard corner\b/i, "a hard corner"],
  [/\bcorner (?:lot|location|site|parcel)\b/i, "a corner location"],
  [/\bliquor licen[cs]e\b/i, "a liquor license"],
  [/\bdrive[- ]?thru\b|\bdrive[- ]through\b/i, "a drive-thru"],
  [/\bturn[- ]?key\b/i, "a turnkey setup"],
  [/\b(?:commercial|full|equipped) kitchen\b|\bhood system\b/i, "a commercial kitchen"],
  [/\b(?:interstate|highway|freeway) (?:access|frontage|visibility)\b/i, "highway access"],
  [/\brail (?:access|spur|served)\b/i, "rail access"],
  [/\bloading docks?\b|\bdock[- ]high\b/i, "loading docks"],
  [/\bgrade[- ]level doors?\b|\boverhead doors?\b/i, "grade-level doors"],
  [/\b(?:ample|on-site|onsite|plenty of|private) parking\b/i, "on-site parking"],
  [/\b(?:newly |fully )?renovated\b|\bremodeled\b/i, "recent renovations"],
  [/\bhigh (?:visibility|traffic)\b/i, "high visibility"],
  [/\bsignage\b|\bpylon sign\b|\bmonument sign\b/i, "signage"],
  [/\bnet lease\b|\bnnn\b/i, "a net lease structure"],
  [/\bowner[- ]financ/i, "owner financing"],
  [/\bestablished (?:business|clientele|customer base)\b|\bloyal (?:customers|clientele)\b/i, "an established customer base"],
  [/\bwater(?:front| views?)\b/i, "water frontage"],
  [/\bdowntown\b/i, "a downtown location"],
  [/\bmedical\b/i, "medical use potential"],
  [/\butilities (?:on site|available|to site)\b/i, "utilities at the site"],
  [/\bfenced\b/i, "a fenced yard"],
  [/\bsprinklere?d\b/i, "sprinklers"],
];

/** The description's figures with units, each once, as written. */
function descriptionFigures(description: string): SellingPoint[] {
  const seen = new Set<string>();
  const out: SellingPoint[] = [];
  for (const match of description.matchAll(FIGURE)) {
    const phrase = collapseSpaces(match[0]);
    if (seen.has(phrase.toLowerCase())) continue;
    seen.add(phrase.toLowerCase());
    out.push({ phrase, fact: true });
  }
  return out;
}

function descriptionFeatures(description: string): SellingPoint[] {
  return FEATURES.filter(([pattern]) => pattern.test(description)).map(([, phrase]) => ({ phrase, fact: false }));
}

/** The fact fields worth a sentence, strongest first; price and size are the posts' own lines. */
function factPoints(deal: DealFacts): SellingPoint[] {
  const v = deal.values;
  const points: (string | null)[] = [
    v.availableSizeSf != null && v.buildingSizeSf != null ? `${formatSquareFeet(v.availableSizeSf)} available` : null,
    v.lotSizeAcres != null && (v.buildingSizeSf != null || v.availableSizeSf != null) ? `a ${formatAcres(v.lotSizeAcres)} lot` : null,
    v.leaseType && v.leaseRate == null ? `${v.leaseType} lease terms` : null,
    v.zoning ? `zoning ${collapseSpaces(v.zoning)}` : null,
    v.buildingClass ? `Class ${v.buildingClass} construction` : null,
    v.capRate != null ? `a ${v.capRate}% cap rate` : null,
    v.yearBuilt != null ? `construction from ${v.yearBuilt}` : null,
    v.propertySubtype ? collapseSpaces(v.propertySubtype).toLowerCase() : null,
  ];
  return points.filter((p): p is string => p !== null).map((phrase) => ({ phrase, fact: true }));
}

/** The lease rate as it reads in a sentence: "$18.50 /SF/yr NNN". */
export const rateText = (deal: DealFacts) =>
  deal.values.leaseRate != null ? formatLeaseRate(deal.values.leaseRate, deal.values.leaseRateUnit, deal.values.leaseType) : null;

/** Every selling point, strongest first: figures, then facts, then features. */
export function sellingPoints(description: string, deal: DealFacts): SellingPoint[] {
  const seen = new Set<string>();
  return [...descriptionFigures(description), ...factPoints(deal), ...descriptionFeatures(description)].filter((p) => {
    const key = p.phrase.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// What makes a listing worth a look, as short phrases the writer can put in its own sentences:
// what a buyer or tenant pays for (docs/decisions/260-posts-sizes-and-selling-points.md): the
// facts (sizes, zoning, lease type, ...) and what the description says in figures with units
// ("28,000 VPD", "45 parking spaces") or in the words brokers sell with ("signalized corner",
// "liquor license"); age, class and subtype are facts, never selling points. A sale's yield and a
// business's figures are its key figures, stated with the terms
// (docs/decisions/261-posts-yield-and-business-figures.md). Phrases are short, so no post pastes
// the description.
import { formatLeaseRate } from "../../../shared/parse/lease-rate.js";
import { formatAcres, formatSquareFeet } from "../../../shared/parse/size.js";
import type { DealFacts, Offering } from "./listing-facts.js";
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
  "employees",
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
  [/\bcovered parking\b|\bparking (?:garage|deck)\b/i, "covered parking"],
  [/\b(?:walk|steps) (?:to|from) (?:the )?(?:[\p{L}\d]+ )?(?:station|transit|metro|subway)\b/iu, "transit nearby"],
  [/\b(?:newly |fully )?renovated\b|\bremodeled\b/i, "recent renovations"],
  [/\bnew roof\b/i, "a new roof"],
  [/\bnew hvac\b/i, "new HVAC"],
  [/\bbelow[- ]market\b/i, "pricing below the market"],
  [/\bpermitted uses?\b|\bby[- ]right\b/i, "flexible permitted uses"],
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

// "renovated in 2021": the description makes the year an improvement, which buyers pay for.
const DATED_IMPROVEMENT = /\b(renovated|remodeled|updated|rebuilt)\s+in\s+((?:19|20)\d{2})\b/giu;
const IMPROVEMENT_NOUNS: Record<string, string> = { renovated: "a renovation", remodeled: "a remodel", updated: "updates", rebuilt: "a rebuild" };
const SQUARE_FEET_UNIT = /(?:sf|sq\. ?ft\.?|square feet)$/i;
const ACRES_UNIT = /(?:acres?|ac)$/i;

/**
 * The description's figures with units, each once, as written. A size the facts hold is left to
 * the terms and facts, which say whose it is: for a lease, the building's size is never the space.
 */
function descriptionFigures(description: string, deal: DealFacts): SellingPoint[] {
  const seen = new Set<string>();
  const out: SellingPoint[] = [];
  const v = deal.values;
  for (const match of description.matchAll(FIGURE)) {
    const phrase = collapseSpaces(match[0]);
    if (seen.has(phrase.toLowerCase())) continue;
    seen.add(phrase.toLowerCase());
    const value = Number(phrase.replace(/[^\d.]/g, ""));
    const isFactSize = SQUARE_FEET_UNIT.test(phrase) ? value === v.buildingSizeSf || value === v.availableSizeSf : ACRES_UNIT.test(phrase) && value === v.lotSizeAcres;
    if (!isFactSize) out.push({ phrase, fact: true });
  }
  for (const match of description.matchAll(DATED_IMPROVEMENT)) {
    out.push({ phrase: `${IMPROVEMENT_NOUNS[match[1].toLowerCase()]} in ${match[2]}`, fact: true });
  }
  return out;
}

function descriptionFeatures(description: string): SellingPoint[] {
  const dated = new RegExp(DATED_IMPROVEMENT.source, "iu").test(description);
  return FEATURES.filter(([pattern, phrase]) => pattern.test(description) && !(dated && phrase === "recent renovations")).map(([, phrase]) => ({
    phrase,
    fact: false,
  }));
}

/**
 * The fact fields a buyer or tenant pays for, strongest first; price or rate and size are the
 * posts' own sentence. Year built, class and subtype are facts, not selling points.
 */
function factPoints(deal: DealFacts, offering: Offering): SellingPoint[] {
  const v = deal.values;
  const points: (string | null)[] = [
    // A lease states its space with its rate; a sale names the space still to let.
    !offering.leases && v.availableSizeSf != null && v.buildingSizeSf != null ? `${formatSquareFeet(v.availableSizeSf)} available` : null,
    v.lotSizeAcres != null && (v.buildingSizeSf != null || v.availableSizeSf != null) ? `a ${formatAcres(v.lotSizeAcres)} lot` : null,
    v.leaseType && v.leaseRate == null && offering.leases ? `${v.leaseType} lease terms` : null,
    v.zoning ? `zoning ${collapseSpaces(v.zoning)}` : null,
  ];
  return points.filter((p): p is string => p !== null).map((phrase) => ({ phrase, fact: true }));
}

// ---------------------------------------------------------------- key figures

const OCCUPANCY = /\b(?:fully|100%)\s+(?:leased|occupied)\b|\b\d{1,2}(?:\.\d+)?%\s+(?:leased|occupied)\b|\b\d{1,3}(?:\.\d+)?%\s+occupancy\b/iu;
const NET_LEASE = /\bNNN\b|\btriple[- ]net\b|\babsolute[- ]net\b/iu;

/** A sale's yield: its cap rate, and "fully leased" or "NNN" when the description says so. */
function yieldFigures(description: string, deal: DealFacts, offering: Offering): string[] {
  const v = deal.values;
  const occupancy = OCCUPANCY.exec(description)?.[0];
  // A sale-only listing's lease type describes the leases in place.
  const net = NET_LEASE.test(description) || (v.leaseType === "NNN" && !offering.leases);
  return [v.capRate != null ? `${v.capRate}% cap rate` : null, occupancy ? collapseSpaces(occupancy).toLowerCase() : null, net ? "NNN" : null].filter(
    (f): f is string => f !== null,
  );
}

// Money as a description writes it: "$1.2M", "$1,150,000", "$850K", "$2.1 million".
const AMOUNT = String.raw`\$\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:\s?(?:million|MM|[KkMm])(?![\p{L}]))?`;
const MONEY_LABEL = String.raw`(?:annual |yearly )?(?:gross sales|gross revenues?|sales|revenues?)|cash flow|SDE|seller'?s discretionary earnings|EBITDA|net (?:income|profit)`;
const QUALIFIERS: Record<string, string> = { over: "over ", exceeding: "over ", above: "over ", topping: "over ", around: "about ", about: "about ", approximately: "about ", "approx.": "about ", near: "about " };
// "Gross sales of $1.2M", "cash flow: $210,000", "sales over $900K".
const LABEL_THEN_AMOUNT = new RegExp(
  String.raw`\b(${MONEY_LABEL})\b\s*(?:of|:|at|are|were|is|was|totaling|totalling)?\s*(over|exceeding|above|topping|around|about|approximately|approx\.|near)?\s*(${AMOUNT})`,
  "giu",
);
// "$1,150,000 in annual gross sales", "$210K of cash flow".
const AMOUNT_THEN_LABEL = new RegExp(String.raw`(${AMOUNT})\s+(?:in|of)\s+(${MONEY_LABEL})\b`, "giu");
// "Seats 85", "seating for 120", "85 seats"; not the "0 seats" of "1.0 seats".
const SEATS = /\bseats?\s+(\d{1,4})(?!\p{N}|[.,]\p{N})|\bseating for\s+(\d{1,4})(?!\p{N}|[.,]\p{N})|(?<![\p{N}.,])(\d{1,4})[- ]seats?\b/iu;

const labelText = (label: string) => {
  const l = collapseSpaces(label);
  return /^(?:SDE|EBITDA)$/i.test(l) ? l.toUpperCase() : l.toLowerCase();
};

/** The figures a buyer of a business looks for, when the description gives them: sales, earnings, seats. */
function businessFigures(description: string): string[] {
  const found: string[] = [];
  for (const m of description.matchAll(LABEL_THEN_AMOUNT)) found.push(`${QUALIFIERS[m[2]?.toLowerCase() ?? ""] ?? ""}${collapseSpaces(m[3])} in ${labelText(m[1])}`);
  for (const m of description.matchAll(AMOUNT_THEN_LABEL)) found.push(`${collapseSpaces(m[1])} in ${labelText(m[2])}`);
  const seats = SEATS.exec(description);
  if (seats) found.push(`${seats[1] ?? seats[2] ?? seats[3]} seats`);
  return [...new Set(found)];
}

/** What the terms sentence adds for an investment sale (its yield) and a business sale (its figures). */
export function keyFigures(description: string, deal: DealFacts, offering: Offering): string[] {
  return [...(offering.buys ? yieldFigures(description, deal, offering) : []), ...(offering.transfers ? businessFigures(description) : [])];
}

/** The lease rate as it reads in a sentence: "$18.50 /SF/yr NNN". */
export const rateText = (deal: DealFacts) =>
  deal.values.leaseRate != null ? formatLeaseRate(deal.values.leaseRate, deal.values.leaseRateUnit, deal.values.leaseType) : null;

/** Every selling point, strongest first: figures, then facts, then features; none the key figures already state. */
export function sellingPoints(description: string, deal: DealFacts, offering: Offering): SellingPoint[] {
  const keyText = keyFigures(description, deal, offering).join(" ").toLowerCase();
  // The key figures' NNN says what "a net lease structure" would.
  const seen = new Set<string>(keyText.includes("nnn") ? ["a net lease structure"] : []);
  return [...descriptionFigures(description, deal), ...factPoints(deal, offering), ...descriptionFeatures(description)].filter((p) => {
    const key = p.phrase.toLowerCase();
    if (seen.has(key) || keyText.includes(key)) return false;
    seen.add(key);
    return true;
  });
}

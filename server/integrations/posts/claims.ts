// What a listing's description claims about the property itself, read once for every output that
// repeats it: the posts (both writers' checks), the flyer's and the public page's highlights
// (docs/guides/posts.md "Only true claims").
//
// A figure with its unit ("28,000 VPD", "8.4 AC", "24' clear") is a claim only when the
// description states it on its own. The same figure inside a ratio ("4.1/1,000 SF"), a range
// ("2,400–9,800 SF"), a distance or comparison ("minutes from downtown", "adjacent to a 120,000
// SF Kroger"), or as one part of several ("Building A: 12,000 SF", "850 SF each") says nothing
// about the property as a whole, and is refused with the reason. An approximation or a bound
// ("±8.4 AC", "up to 9,800 SF", "over $900K in sales") is a claim only with its qualifier. Words
// brokers sell with ("signalized corner", "downtown") are claims only outside a distance or
// comparison: "minutes from downtown" is not a downtown location.
import { collapseSpaces } from "./text.js";

/** How a figure is qualified: exact, about, at least or at most. A qualified figure is never stated without its qualifier. */
export type Qualifier = "approx" | "min" | "max";

export interface FigureClaim {
  /** "28,000" → 28000. */
  value: number;
  /** The unit, canonical: "SF", "AC", "VPD", "parking spaces", "ft clear", ... */
  unit: string;
  qualifier: Qualifier | null;
  /** As a sentence may repeat it, with its qualifier: "28,000 VPD", "±8.4 AC", "24 units". */
  phrase: string;
}

/** A figure the description gives that is not a claim about the property, and why. */
export interface RefusedFigure {
  text: string;
  reason: "ratio" | "range" | "distance" | "part";
}

export interface FeatureClaim {
  key: string;
  /** The phrase a post uses: "a signalized corner". */
  phrase: string;
  /** A claim about where the property is ("downtown", "a corner"): the posts' checks hold a post to these. */
  place: boolean;
}

export interface YearClaim {
  event: "built" | "renovated" | "remodeled" | "updated" | "rebuilt";
  year: number;
}

export interface MoneyClaim {
  /** "over $900K in sales", "$210,000 in cash flow". */
  phrase: string;
  /** The amount alone, spaces and case aside: "$900k". */
  amount: string;
  /** "over" or "about" the amount, never the amount itself. */
  qualified: boolean;
}

export interface Claims {
  figures: FigureClaim[];
  refused: RefusedFigure[];
  features: FeatureClaim[];
  years: YearClaim[];
  money: MoneyClaim[];
  /** "fully leased", "91% leased", "nearly 100% occupied"; null when the description says none of the property. */
  occupancy: string | null;
  /** "NNN", "triple-net" or "absolute net" said of the property's leases. */
  tripleNet: boolean;
}

// ---------------------------------------------------------------- figures

// The units a figure is sold with, each with its canonical name. Longer spellings come first.
const UNITS: [string, string][] = [
  ["vehicles per day|cars per day|vpd|adt", "VPD"],
  ["sq\\.? ?ft\\.?|square[- ]f(?:ee|oo)t|sf|rsf|usf", "SF"],
  ["acres?|ac\\b", "AC"],
  ["(?:surface |covered |paved |on-?site |off-street )?parking spaces|parking stalls|(?:surface |covered )?spaces", "parking spaces"],
  ["seats", "seats"],
  ["(?:apartment |residential )?units|unit\\b", "units"],
  ["(?:hotel |guest )?rooms", "rooms"],
  ["employees", "employees"],
  ["dock[- ]high doors|(?:loading |dock[- ]high )?docks?(?: doors)?", "dock doors"],
  ["drive-in doors|grade-level doors|overhead doors", "drive-in doors"],
  ["(?:'|’|ft\\.?|feet|foot) clear(?: heights?)?", "ft clear"],
  ["(?:feet|ft\\.?|'|’) of (?:road )?frontage", "ft frontage"],
  ["buildings", "buildings"],
  ["stor(?:y|ies)", "stories"],
];
// "8.4± AC" is about 8.4 acres; "50+ parking spaces" at least 50.
const UNIT_AFTER = new RegExp(`^(\\s?(?:±|\\+\\/-|\\+(?!\\/)))?(\\s?-?\\s?)(${UNITS.map(([u]) => `(${u})`).join("|")})(?![\\p{L}])`, "iu");
// A number as descriptions write it; "$" marks money, read below with its label.
const NUMBER = /(?<![\p{L}\p{N}.,$])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\p{N}])|(?<![\p{L}\p{N}.,$])\d+(?:\.\d+)?(?![\p{N},]\d)/gu;
// "1 ± AC", "45,000 SF ±", "8.4 AC (approx.)".
const APPROX_AFTER = /^\s?(?:±|\+\/-|\(\s?(?:±|\+\/-|approx\.?|approximately)\s?\))/iu;
const APPROX_BEFORE = /(?:±|\+\/-|~|\b(?:approx\.?|approximately|about|around|roughly|nearly|almost|estimated|est\.|circa|ca\.))\s*$/iu;
const MIN_BEFORE = /\b(?:over|more than|at least|in excess of|exceeding|above|minimum(?: of)?|upwards of|starting at|divisible (?:down )?to|down to|from)\s*$/iu;
const MAX_BEFORE = /\b(?:up to|under|less than|as (?:much|many|large) as|maximum(?: of)?|below)\s*$/iu;
// A ratio: "4.1/1,000 SF", "5 spaces per 1,000 SF", "4:1,000", "1 space per 250 SF".
const RATIO_BEFORE = /(?:\/|\d\s*:|\bper|\bfor every)\s*$/iu;
const RATIO_AFTER = /^\s*(?:[/:]\s*\d|\/|\bper\b|\bfor every\b)/iu;
// A range: "2,400–9,800 SF", "2,400 SF to 9,800 SF", "between 10 and 12 acres", "18'–24' clear".
const RANGE_BEFORE = /(?:\d[\d,.]*\s*(?:[\p{L}.'’]+\s*)?(?:-|–|—|to|through|thru)\s*$)|\bbetween\s+\$?[\d,.]+\s*(?:[\p{L}.'’]+\s*)?and\s*$/iu;
const RANGE_AFTER = /^\s*(?:-|–|—|to|through|thru)\s*[$±~]?\d/iu;
// A distance or a comparison: what follows in the clause is somewhere or something else.
const DISTANCE =
  /\b(?:minutes?|mins?|miles?|mi\.?|blocks?|feet|ft\.?|yards|steps|seconds|hours?)\s+(?:from|to|away|north|south|east|west|off)\b|\b(?:miles?|mi\.?|blocks?)\s+of\b|\bwithin\b|\bnear(?:by)?\b(?!\s*\$?\d)|\bclose to\b|\bnext to\b|\badjacent to\b|\bacross (?:the street |the road )?from\b|\bwalk(?:ing distance)? (?:to|from)\b|\bproximity to\b|\bshort drive\b|\bdrive (?:to|from)\b|\b(?:shadow[- ])?anchored by\b|\bneighbou?r(?:ing|s|ed by)\b|\bsurrounded by\b|(?<!\b(?:more|less|greater|fewer|other|rather)\s)\bthan\b|\bcompared (?:to|with)\b|\bjust (?:off|outside)\b|\baway from\b|\bservices? area\b|\bradius\b|\btrade area\b|\bsubmarket\b|\bthe (?:county|city|region|area|market)(?:'s|’s)/iu;
// One part of several: "Building A: 12,000 SF", "two 5,000 SF pads", "850 SF each", "averaging 900 SF".
const PART_BEFORE = [
  // A designated part, the letter or number as written: "Building A", "Suite 200", "Lot 3".
  /\b(?:[Bb]uilding|BUILDING|[Bb]ldg\.?|[Ss]uite|[Uu]nit|[Pp]arcel|[Ll]ot|[Pp]hase|[Tt]ract|[Pp]ad|[Oo]utparcel)\s+(?:#\s?)?(?:[A-Z](?![\p{L}])|\d+(?![\d,.]))[^.;]*$/u,
  /\b(?:each|averaging|average|avg\.?|typical|largest|smallest|ranging)\b(?:\s+[\p{L}.]+){0,3}\s*$/iu,
  // "two 5,000 SF pads", "(2) 1.5 AC outparcels", "Route 9 3,000 SF": a count or a name's number before the figure.
  /(?:\b(?:two|three|four|five|six|seven|eight|nine|ten|twin)|\(\d+\)|\d)\s+$/iu,
];
const PART_AFTER = /^\s*(?:each|apiece|per (?:unit|building|suite|pad|lot|floor|door))\b/iu;
// Where a clause ends: a distance said in one clause leaves the next one alone.
const CLAUSE_END = /[!?;()\n]|\.\s+(?=[A-Z\d•-]|$)|,\s|\s[–—-]\s/gu;
const SENTENCE_END = /[!?;\n]|\.\s+(?=[A-Z•-]|$)/gu;

const lastBoundary = (before: string, boundary: RegExp) => {
  let at = 0;
  for (const m of before.matchAll(boundary)) at = m.index + m[0].length;
  return before.slice(at);
};

const canonicalUnit = (groups: (string | undefined)[]) => UNITS[groups.findIndex((g) => g !== undefined)]?.[1] ?? "";

const toValue = (number: string) => Number(number.replace(/,/g, ""));

function qualifierOf(before: string, after: string): Qualifier | null {
  if (APPROX_BEFORE.test(before) || APPROX_AFTER.test(after)) return "approx";
  if (MIN_BEFORE.test(before)) return "min";
  if (MAX_BEFORE.test(before)) return "max";
  return null;
}

/** Which context makes the figure at [start, end) something other than a claim about the property. */
function refusal(text: string, start: number, end: number): RefusedFigure["reason"] | null {
  const before = text.slice(Math.max(0, start - 160), start);
  const after = text.slice(end, end + 40);
  if (RATIO_BEFORE.test(before) || RATIO_AFTER.test(after)) return "ratio";
  if (RANGE_BEFORE.test(before) || RANGE_AFTER.test(after)) return "range";
  if (DISTANCE.test(lastBoundary(before, CLAUSE_END))) return "distance";
  if (PART_BEFORE.some((p) => p.test(lastBoundary(before, SENTENCE_END))) || PART_AFTER.test(after)) return "part";
  return null;
}

// "Clear height of 24'", "clear heights are 32 ft": the unit before the figure.
const CLEAR_BEFORE = /\bclear(?: ceiling)? heights? (?:of |is |are )?$/iu;
const FEET_AFTER = /^\s?(?:'|’|ft\b\.?|feet\b)/u;

function clearHeight(text: string, start: number, number: string, out: FigureClaim[], refused: RefusedFigure[]): boolean {
  const feet = FEET_AFTER.exec(text.slice(start + number.length));
  if (!feet || !CLEAR_BEFORE.test(text.slice(Math.max(0, start - 30), start))) return false;
  const end = start + number.length + feet[0].length;
  const reason = refusal(text, start, end);
  if (reason) refused.push({ text: collapseSpaces(text.slice(start, end)), reason });
  else out.push({ value: toValue(number), unit: "ft clear", qualifier: null, phrase: `${number}' clear` });
  return true;
}

// A figure without a unit claims nothing on its own, but one in a ratio or a range ("5 per
// 1,000", "$489,000 - $699,000") is named, so that a sentence holding it is known for what it is.
const MONEY_FIGURE = String.raw`\$\s?\d(?:[\d,]*\d)?(?:\.\d+)?(?:\s?(?:million|MM|[KkMm])(?![\p{L}]))?`;
const MONEY_RANGE = new RegExp(String.raw`${MONEY_FIGURE}\s*(?:-|–|—|to)\s*${MONEY_FIGURE}`, "gu");

function bareFigure(text: string, start: number, number: string, refused: RefusedFigure[]) {
  const before = text.slice(Math.max(0, start - 40), start);
  const after = text.slice(start + number.length, start + number.length + 20);
  if (RATIO_BEFORE.test(before) || RATIO_AFTER.test(after)) refused.push({ text: number, reason: "ratio" });
}

// "a 24-unit complex", "a 65,000-square-foot building": the figure as it reads alone.
const HYPHENATED: Record<string, string> = { SF: "SF", AC: "acres", units: "units", stories: "stories", rooms: "rooms" };

function figures(text: string): { figures: FigureClaim[]; refused: RefusedFigure[] } {
  const out: FigureClaim[] = [];
  const refused: RefusedFigure[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const start = m.index;
    const unitMatch = UNIT_AFTER.exec(text.slice(start + m[0].length));
    if (!unitMatch) {
      if (!clearHeight(text, start, m[0], out, refused)) bareFigure(text, start, m[0], refused);
      continue;
    }
    const end = start + m[0].length + unitMatch[0].length;
    const written = collapseSpaces(text.slice(start, end));
    const reason = refusal(text, start, end);
    if (reason) {
      refused.push({ text: written, reason });
      continue;
    }
    const unit = canonicalUnit(unitMatch.slice(4));
    const before = text.slice(Math.max(0, start - 40), start);
    const after = text.slice(end, end + 20);
    const approxAfter = APPROX_AFTER.exec(after)?.[0] ?? "";
    const qualifier = unitMatch[1] ? (unitMatch[1].trim() === "+" ? "min" : "approx") : qualifierOf(before, after);
    const qualifierText = qualifier ? (before.match(qualifier === "approx" ? APPROX_BEFORE : qualifier === "min" ? MIN_BEFORE : MAX_BEFORE)?.[0].trim() ?? "") : "";
    // "24-unit" and "3-acre" read as "24 units" and "3 acres" on their own.
    const figure = unit === "ft clear" ? `${m[0]}' clear` : unitMatch[2].includes("-") ? `${m[0]} ${HYPHENATED[unit] ?? unitMatch[3]}` : written;
    const phrase = collapseSpaces(`${qualifierText.toLowerCase()}${/[\p{L}.]$/u.test(qualifierText) ? " " : ""}${figure}${approxAfter && qualifier === "approx" ? ` ${approxAfter.trim()}` : ""}`);
    out.push({ value: toValue(m[0]), unit, qualifier, phrase });
  }
  for (const m of text.matchAll(MONEY_RANGE)) refused.push({ text: collapseSpaces(m[0]), reason: "range" });
  return { figures: out, refused };
}

// ---------------------------------------------------------------- features and places

// Words brokers sell with, the phrase a post uses for each, and whether it says where the property is.
const FEATURES: { key: string; pattern: RegExp; phrase: string; place?: true; relative?: true }[] = [
  { key: "signalized corner", pattern: /\bsignali[sz]ed (?:corner|intersection)\b/i, phrase: "a signalized corner", place: true },
  { key: "hard corner", pattern: /\bhard corner\b/i, phrase: "a hard corner", place: true },
  { key: "corner", pattern: /\bcorner (?:lot|location|site|parcel)\b/i, phrase: "a corner location", place: true },
  { key: "liquor license", pattern: /\bliquor licen[cs]e\b/i, phrase: "a liquor license" },
  { key: "drive-thru", pattern: /\bdrive[- ]?thru\b|\bdrive[- ]through\b/i, phrase: "a drive-thru" },
  { key: "turnkey", pattern: /\bturn[- ]?key\b/i, phrase: "a turnkey setup" },
  { key: "kitchen", pattern: /\b(?:commercial|full|equipped) kitchen\b|\bhood system\b/i, phrase: "a commercial kitchen" },
  { key: "highway", pattern: /\b(?:interstate|highway|freeway) (?:access|frontage|visibility)\b/i, phrase: "highway access", place: true },
  { key: "rail", pattern: /\brail (?:access|spur|served)\b/i, phrase: "rail access", place: true },
  { key: "docks", pattern: /\bloading docks?\b|\bdock[- ]high\b/i, phrase: "loading docks" },
  { key: "grade doors", pattern: /\bgrade[- ]level doors?\b|\boverhead doors?\b/i, phrase: "grade-level doors" },
  { key: "parking", pattern: /\b(?:ample|on-site|onsite|plenty of|private) parking\b/i, phrase: "on-site parking" },
  { key: "covered parking", pattern: /\bcovered parking\b|\bparking (?:garage|deck)\b/i, phrase: "covered parking" },
  // Itself a distance: it says the station is near, which is true as said.
  { key: "transit", pattern: /\b(?:walk|steps) (?:to|from) (?:the )?(?:[\p{L}\d]+ )?(?:station|transit|metro|subway)\b/iu, phrase: "transit nearby", relative: true },
  { key: "renovated", pattern: /\b(?:newly |fully )?renovated\b|\bremodeled\b/i, phrase: "recent renovations" },
  { key: "new roof", pattern: /\bnew roof\b/i, phrase: "a new roof" },
  { key: "new hvac", pattern: /\bnew hvac\b/i, phrase: "new HVAC" },
  { key: "below market", pattern: /\bbelow[- ]market\b/i, phrase: "pricing below the market" },
  { key: "permitted uses", pattern: /\bpermitted uses?\b|\bby[- ]right\b/i, phrase: "flexible permitted uses" },
  { key: "visibility", pattern: /\bhigh (?:visibility|traffic)\b/i, phrase: "high visibility" },
  { key: "signage", pattern: /\bsignage\b|\bpylon sign\b|\bmonument sign\b/i, phrase: "signage" },
  { key: "net lease", pattern: /\bnet lease\b|\bnnn\b/i, phrase: "a net lease structure" },
  { key: "owner financing", pattern: /\bowner[- ]financ/i, phrase: "owner financing" },
  { key: "customer base", pattern: /\bestablished (?:business|clientele|customer base)\b|\bloyal (?:customers|clientele)\b/i, phrase: "an established customer base" },
  { key: "waterfront", pattern: /\bwater ?front(?:age)?\b|\bwater views?\b/i, phrase: "water frontage", place: true },
  { key: "downtown", pattern: /\bdowntown\b/i, phrase: "a downtown location", place: true },
  { key: "medical", pattern: /\bmedical\b/i, phrase: "medical use potential" },
  { key: "utilities", pattern: /\butilities (?:on site|available|to site)\b/i, phrase: "utilities at the site" },
  { key: "fenced", pattern: /\bfenced\b/i, phrase: "a fenced yard" },
  { key: "sprinklers", pattern: /\bsprinklere?d\b/i, phrase: "sprinklers" },
];

// "no loading docks", "without a drive-thru": a feature the property lacks.
const NEGATED = /\b(?:no|without|not|lacks?|never)\s+(?:[\p{L}-]+\s+){0,2}$/iu;

/** The mentions of pattern in text that stand on their own: not after a distance, a comparison or a "no" in their clause. */
function aloneMatches(text: string, pattern: RegExp): RegExpExecArray[] {
  return [...text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`))].filter((m) => {
    const clause = lastBoundary(text.slice(Math.max(0, m.index - 160), m.index), CLAUSE_END);
    return !DISTANCE.test(clause) && !NEGATED.test(clause);
  });
}

const standsAlone = (text: string, pattern: RegExp) => aloneMatches(text, pattern).length > 0;

// "fully leased", "91% leased", "96% occupancy"; not the submarket's ("than the market's 88%
// occupancy"), and an approximation only with its word ("nearly 100% occupied").
const OCCUPANCY = /\b(?:fully|100%)\s+(?:leased|occupied)\b|\b\d{1,2}(?:\.\d+)?%\s+(?:leased|occupied)\b|\b\d{1,3}(?:\.\d+)?%\s+occupancy\b/iu;

const TRIPLE_NET = /\bNNN\b|\btriple[- ]net\b|\babsolute[- ]net\b/iu;

function occupancy(text: string): string | null {
  const m = aloneMatches(text, OCCUPANCY)[0];
  if (!m) return null;
  const qualifier = APPROX_BEFORE.exec(text.slice(Math.max(0, m.index - 20), m.index))?.[0].trim();
  return collapseSpaces(`${qualifier ? `${qualifier} ` : ""}${m[0]}`).toLowerCase();
}

function features(text: string): FeatureClaim[] {
  return FEATURES.filter((f) => (f.relative ? f.pattern.test(text) : standsAlone(text, f.pattern))).map(({ key, phrase, place }) => ({ key, phrase, place: place === true }));
}

// ---------------------------------------------------------------- years

// "built in 1998", "constructed 1998", "renovated 2019", "remodeled in 2021"; not "renovated 2018-2019".
const DATED = /\b(built|constructed|renovated|remodeled|updated|rebuilt)\s+(?:in\s+)?((?:18|19|20)\d{2})\b(?!\s*(?:-|–|—|to)\s*\d)/giu;

function years(text: string): YearClaim[] {
  return [...text.matchAll(DATED)].map((m) => {
    const word = m[1].toLowerCase();
    return { event: (word === "constructed" ? "built" : word) as YearClaim["event"], year: Number(m[2]) };
  });
}

// ---------------------------------------------------------------- money

// Money as a description writes it: "$1.2M", "$1,150,000", "$850K", "$2.1 million".
const AMOUNT = String.raw`\$\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:\s?(?:million|MM|[KkMm])(?![\p{L}]))?`;
const MONEY_LABEL = String.raw`(?:annual |yearly )?(?:gross sales|gross revenues?|sales|revenues?)|cash flow|SDE|seller'?s discretionary earnings|EBITDA|net (?:income|profit)`;
const MONEY_QUALIFIERS: Record<string, string> = { over: "over ", exceeding: "over ", above: "over ", topping: "over ", around: "about ", about: "about ", approximately: "about ", "approx.": "about ", near: "about " };
// "Gross sales of $1.2M", "cash flow: $210,000", "sales over $900K".
const LABEL_THEN_AMOUNT = new RegExp(
  String.raw`\b(${MONEY_LABEL})\b\s*(?:of|:|at|are|were|is|was|totaling|totalling)?\s*(over|exceeding|above|topping|around|about|approximately|approx\.|near)?\s*(${AMOUNT})`,
  "giu",
);
// "$1,150,000 in annual gross sales", "$210K of cash flow".
const AMOUNT_THEN_LABEL = new RegExp(String.raw`(${AMOUNT})\s+(?:in|of)\s+(${MONEY_LABEL})\b`, "giu");
const MONEY_RANGE_AFTER = /^\s*(?:-|–|—|to)\s*\$?\d/u;
const MONEY_RANGE_BEFORE = /\d[KkMm]?\s*(?:-|–|—|to)\s*$/u;

const labelText = (label: string) => {
  const l = collapseSpaces(label);
  return /^(?:SDE|EBITDA)$/i.test(l) ? l.toUpperCase() : l.toLowerCase();
};

// "over $900K in sales" as a post writes it: the qualifier before the amount.
const MONEY_QUALIFIER_BEFORE = /\b(over|exceeding|above|topping|around|about|approximately|approx\.|near)\s*$/iu;

function money(text: string): MoneyClaim[] {
  const found = new Map<string, MoneyClaim>();
  const add = (qualifier: string | undefined, amount: string, label: string) => {
    const q = MONEY_QUALIFIERS[qualifier?.toLowerCase() ?? ""] ?? "";
    const phrase = `${q}${collapseSpaces(amount)} in ${labelText(label)}`;
    found.set(phrase, { phrase, amount: amount.replace(/\s/g, "").toLowerCase(), qualified: q !== "" });
  };
  for (const m of text.matchAll(LABEL_THEN_AMOUNT)) {
    if (MONEY_RANGE_AFTER.test(text.slice(m.index + m[0].length))) continue;
    add(m[2], m[3], m[1]);
  }
  for (const m of text.matchAll(AMOUNT_THEN_LABEL)) {
    const before = text.slice(Math.max(0, m.index - 20), m.index);
    if (MONEY_RANGE_BEFORE.test(before)) continue;
    add(MONEY_QUALIFIER_BEFORE.exec(before)?.[1], m[1], m[2]);
  }
  return [...found.values()];
}

// ---------------------------------------------------------------- seats

// "Seats 85", "seating for 120": a restaurant's seats written before the number.
const SEATS_BEFORE = /\bseats?\s+(\d{1,4})(?!\p{N}|[.,]\p{N})|\bseating for\s+(\d{1,4})(?!\p{N}|[.,]\p{N})/iu;

/** Everything text claims about the property, and the figures it gives that are not claims. */
export function extractClaims(text: string): Claims {
  const found = figures(text);
  const seats = SEATS_BEFORE.exec(text);
  if (seats && !found.figures.some((f) => f.unit === "seats")) {
    const n = seats[1] ?? seats[2];
    found.figures.push({ value: Number(n), unit: "seats", qualifier: null, phrase: `${n} seats` });
  }
  return { ...found, features: features(text), years: years(text), money: money(text), occupancy: occupancy(text), tripleNet: standsAlone(text, TRIPLE_NET) };
}

// ---------------------------------------------------------------- support

/** What a listing states as facts, in the units its figures are claimed in. */
export interface FactFigures {
  buildingSizeSf?: number | null;
  availableSizeSf?: number | null;
  lotSizeAcres?: number | null;
  /** The available spaces' range: its ends are sizes the listing states ("2,400–9,800 SF available"). */
  spacesSummary?: { minSf: number; maxSf: number } | null;
}

const factValues = (facts: FactFigures): Record<string, number[]> => ({
  SF: [facts.buildingSizeSf, facts.availableSizeSf, facts.spacesSummary?.minSf, facts.spacesSummary?.maxSf].filter((v): v is number => v != null),
  AC: [facts.lotSizeAcres].filter((v): v is number => v != null),
});

/** True when the figure is one of the listing's facts. */
export const isFactFigure = (f: FigureClaim, facts: FactFigures) => (factValues(facts)[f.unit] ?? []).includes(f.value);

// A writer checks every candidate post against the same description: it is read once, not per post.
let lastDescription: { text: string; claims: Claims } | null = null;

function descriptionClaims(description: string): Claims {
  if (lastDescription?.text !== description) lastDescription = { text: description, claims: extractClaims(description) };
  return lastDescription.claims;
}

/**
 * The claims of an output (a post, a highlight) that neither the listing's facts nor the
 * description's own claims support: a figure needs the same number and unit (a bare figure an
 * unqualified one; a qualified figure one with the same qualifier or none), a business's money
 * figure the same amount (not one out of a range, nor an "over" stated bare), a place the
 * description's own standalone mention. Answers them as written.
 */
export function unsupportedClaims(output: string, description: string, facts: FactFigures): string[] {
  const said = extractClaims(output);
  const source = descriptionClaims(description);
  const figuresOut = said.figures
    .filter((f) => !isFactFigure(f, facts))
    .filter((f) => !source.figures.some((s) => s.unit === f.unit && s.value === f.value && (s.qualifier === null || s.qualifier === f.qualifier)))
    .map((f) => f.phrase);
  const placesOut = said.features.filter((f) => f.place && !source.features.some((s) => s.key === f.key)).map((f) => f.key);
  const moneyOut = said.money
    .filter((m) => !source.money.some((s) => s.amount === m.amount && (!s.qualified || m.qualified)))
    .map((m) => m.phrase);
  const yearsOut = said.years
    .filter((y) => y.event !== "built" && !source.years.some((s) => s.event !== "built" && s.year === y.year))
    .map((y) => `${y.event} ${y.year}`);
  return [...new Set([...figuresOut, ...moneyOut, ...placesOut, ...yearsOut])];
}

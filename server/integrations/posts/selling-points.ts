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
import { extractClaims, isFactFigure, type Claims } from "./claims.js";
import { collapseSpaces } from "./text.js";

export interface SellingPoint {
  /** A noun phrase: "a 28,000 VPD traffic count", "zoning B-2". */
  phrase: string;
  /** True for a fact from the listing's fact fields or a figure from its description. */
  fact: boolean;
}

/**
 * The description's claims as selling points: its figures with units, each once, as written
 * (with their qualifier: "±8.4 AC"), its dated improvements and the words brokers sell with. A
 * size the facts hold is left to the terms and facts, which say whose it is: for a lease, the
 * building's size is never the space. What the claims are, and what is never one (a ratio's,
 * a range's or a distance's figure), is claims.ts's rule, the same for every output.
 */
function descriptionPoints(claims: Claims, deal: DealFacts): SellingPoint[] {
  const seen = new Set<string>();
  const figures: SellingPoint[] = [];
  for (const f of claims.figures) {
    const key = f.phrase.toLowerCase();
    if (seen.has(key) || isFactFigure(f, deal.values)) continue;
    seen.add(key);
    figures.push({ phrase: f.phrase, fact: true });
  }
  // "renovated in 2021": the description makes the year an improvement, which buyers pay for.
  const improvements = claims.years.filter((y) => y.event !== "built").map((y) => ({ phrase: `${IMPROVEMENT_NOUNS[y.event]} in ${y.year}`, fact: true }));
  const features = claims.features
    .filter((f) => !(improvements.length > 0 && f.key === "renovated"))
    .map((f) => ({ phrase: f.phrase, fact: false }));
  return [...figures, ...improvements, ...features];
}

const IMPROVEMENT_NOUNS: Record<string, string> = { renovated: "a renovation", remodeled: "a remodel", updated: "updates", rebuilt: "a rebuild" };

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
    v.leaseType && v.leaseRate == null && !deal.spaces?.rateText && offering.leases ? `${v.leaseType} lease terms` : null,
    v.zoning ? `zoning ${collapseSpaces(v.zoning)}` : null,
  ];
  return points.filter((p): p is string => p !== null).map((phrase) => ({ phrase, fact: true }));
}

/** Figures (and dated improvements) first, then the words: the strongest points lead. */
const partition = (points: SellingPoint[]) => [points.filter((p) => p.fact), points.filter((p) => !p.fact)] as const;

// ---------------------------------------------------------------- key figures


/** A sale's yield: its cap rate, and "fully leased" or "NNN" when the description says so. */
function yieldFigures(description: string, deal: DealFacts, offering: Offering): string[] {
  const v = deal.values;
  const { occupancy, tripleNet } = extractClaims(description);
  // A sale-only listing's lease type describes the leases in place.
  const net = tripleNet || (v.leaseType === "NNN" && !offering.leases);
  return [v.capRate != null ? `${v.capRate}% cap rate` : null, occupancy, net ? "NNN" : null].filter(
    (f): f is string => f !== null,
  );
}

/** The figures a buyer of a business looks for, when the description gives them: sales, earnings, seats. */
function businessFigures(claims: Claims): string[] {
  const seats = claims.figures.find((f) => f.unit === "seats" && f.qualifier === null);
  return [...new Set([...claims.money.map((m) => m.phrase), ...(seats ? [`${seats.value} seats`] : [])])];
}

/** What the terms sentence adds for an investment sale (its yield) and a business sale (its figures). */
export function keyFigures(description: string, deal: DealFacts, offering: Offering): string[] {
  return [...(offering.buys ? yieldFigures(description, deal, offering) : []), ...(offering.transfers ? businessFigures(extractClaims(description)) : [])];
}

/** The lease rate as it reads in a sentence: "$18.50 /SF/yr NNN", or the available spaces' "$16.00–$18.50/SF/yr NNN". */
export const rateText = (deal: DealFacts) =>
  deal.spaces?.rateText ??
  (deal.values.leaseRate != null ? formatLeaseRate(deal.values.leaseRate, deal.values.leaseRateUnit, deal.values.leaseType) : null);

/** Every selling point, strongest first: figures, then facts, then features; none the key figures already state. */
export function sellingPoints(description: string, deal: DealFacts, offering: Offering): SellingPoint[] {
  const keyText = keyFigures(description, deal, offering).join(" ").toLowerCase();
  // The key figures' NNN says what "a net lease structure" would.
  const seen = new Set<string>(keyText.includes("nnn") ? ["a net lease structure"] : []);
  const [figures, features] = partition(descriptionPoints(extractClaims(description), deal));
  return [...figures, ...factPoints(deal, offering), ...features].filter((p) => {
    const key = p.phrase.toLowerCase();
    if (seen.has(key) || keyText.includes(key)) return false;
    seen.add(key);
    return true;
  });
}

// What a flyer says, chosen field by field from the listing, its agent and the brand (an explicit
// list, so that notes, drive links and the like cannot leak by being forgotten). Facts not set
// are left out, never printed as "N/A" or "$0"; numbers are the stored values in the app's own
// formats (shared/parse). 
import type { Brand } from "../../../shared/brand.js";
import { marketStatus, type MarketStatus } from "../../../shared/market-status.js";
import { formatDollars, formatDollarsAndCents } from "../../../shared/parse/money.js";
import { formatLeaseRate } from "../../../shared/parse/lease-rate.js";
import { formatPercent } from "../../../shared/parse/percent.js";
import { formatCalendarDate } from "../../../shared/parse/dates.js";
import { formatAcres, formatSquareFeet } from "../../../shared/parse/size.js";
import type { Listing, OfferingType } from "../../../shared/schema.js";
import type { Space } from "../../../shared/space-choices.js";
import { rateUnitShort, spacesRangeText } from "../../../shared/spaces-summary.js";
import { listingFacts } from "../../integrations/posts/listing-facts.js";
import { extractClaims } from "../../integrations/posts/claims.js";
import { sellingPoints } from "../../integrations/posts/selling-points.js";

export const MIN_HIGHLIGHTS = 3;
export const MAX_HIGHLIGHTS = 6;
// A description sentence longer than this is no highlight; it stays in the overview.
const MAX_HIGHLIGHT_CHARS = 110;

export type FlyerListing = Pick<
  Listing,
  | "id"
  | "listingName"
  | "address"
  | "city"
  | "state"
  | "zip"
  | "addressConfidential"
  | "offeringType"
  | "propertyDescription"
  | "marketingCategory"
  | "marketingFlyerLink"
  | "looplinkLink"
  | "propertyType"
  | "propertySubtype"
  | "askingPrice"
  | "leaseRate"
  | "leaseRateUnit"
  | "leaseType"
  | "buildingSizeSf"
  | "availableSizeSf"
  | "lotSizeAcres"
  | "yearBuilt"
  | "buildingClass"
  | "capRate"
  | "zoning"
  | "dealStage"
  | "listingDate"
  | "expirationDate"
> &
  // Optional: pieces that make a flyer's content from a few columns (the inventory's cards) need not read it.
  Partial<Pick<Listing, "spacesSummary">>;

/** One available space as a row of the flyer's spaces table. */
export interface FlyerSpaceRow {
  suite: string;
  size: string;
  rate: string;
  leaseType: string;
  available: string;
}

/** A lease listing's available spaces: the table's rows, and the range printed when the table does not fit. */
export interface FlyerSpaces {
  rows: FlyerSpaceRow[];
  /** "2,400–9,800 SF available; $16.00–$18.50/SF/yr NNN" */
  range: string;
}

export interface FlyerContact {
  name: string;
  phone: string | null;
  email: string | null;
}

export interface FlyerPage {
  /** The page's canonical address, from the trusted origin: what the QR code holds. */
  url: string;
  /** The same without its scheme ("desk.example.com/l/…"): what a person types. */
  short: string;
}

export interface FlyerContent {
  /** The market status's headline: "For Sale", or "Sold" once closed. */
  headline: string;
  /** The listing's market status, from its deal stage. */
  market: MarketStatus;
  /** "Retail · Strip Center", or "Office" alone when the subtype only repeats it; null when neither is set. */
  propertyKind: string | null;
  name: string;
  /** The street address and place, or the place alone when the address is confidential. */
  addressLine: string;
  facts: { label: string; value: string }[];
  highlights: string[];
  description: string;
  /** A lease listing's available spaces; null for a sale or a lease without any. */
  spaces: FlyerSpaces | null;
  agent: FlyerContact | null;
  /** The listing's public page while it is served (its QR code and short address on the flyer); null otherwise. */
  page: FlyerPage | null;
  brand: Pick<Brand, "brokerageName" | "phone" | "website" | "address" | "licenseNumber" | "accentColor" | "disclaimer"> & {
    /** Shown when the agent's email is (Maryland's rule), or when no agent is: the brokerage is the contact then. */
    email: string | null;
  };
}

const sells = (t: OfferingType) => t.startsWith("Sell");
const leases = (t: OfferingType) => t.includes("Lease");

/** The facts block: the sale's figures, the lease's, or both for a listing offered both ways. */
export function flyerFacts(l: FlyerListing): { label: string; value: string }[] {
  const rows: [string, string | null][] = [];
  if (sells(l.offeringType) || l.offeringType === "Transfer") {
    rows.push(["Price", l.askingPrice != null && l.askingPrice > 0 ? formatDollars(l.askingPrice) : "Price Upon Request"]);
    if (l.askingPrice && l.buildingSizeSf) rows.push(["Price / SF", `${formatDollarsAndCents(l.askingPrice / l.buildingSizeSf)}/SF`]);
  }
  if (leases(l.offeringType)) {
    // With available spaces their range stands for the listing's one rate and size (shared/spaces-summary.ts).
    const range = l.spacesSummary ?? null;
    const ownRate = l.leaseRate != null ? formatLeaseRate(l.leaseRate, l.leaseRateUnit, l.leaseType) : l.leaseType ? `${l.leaseType} (rate upon request)` : "Rate Upon Request";
    rows.push(["Lease Rate", range?.rateText ?? ownRate]);
    rows.push(["Available", range ? range.sizeText : l.availableSizeSf ? formatSquareFeet(l.availableSizeSf) : null]);
  }
  rows.push(
    ["Building Size", l.buildingSizeSf ? formatSquareFeet(l.buildingSizeSf) : null],
    ["Lot Size", l.lotSizeAcres ? formatAcres(l.lotSizeAcres) : null],
    ["Year Built", l.yearBuilt != null ? String(l.yearBuilt) : null],
    ["Building Class", l.buildingClass ? `Class ${l.buildingClass}` : null],
    ["Zoning", l.zoning?.trim() || null],
  );
  if (sells(l.offeringType)) rows.push(["Cap Rate", l.capRate ? formatPercent(l.capRate) : null]);
  return rows.filter((r): r is [string, string] => r[1] !== null).map(([label, value]) => ({ label, value }));
}

const capitalized = (phrase: string) => phrase.replace(/^(?:an?|the) /i, "").replace(/^\p{Ll}/u, (c) => c.toUpperCase());

/**
 * A sentence stands as a highlight only when every figure in it is a claim about the property:
 * one holding a ratio's, a range's, a distance's or a part's figure stays in the overview, where
 * it reads in its context (the claims rule, server/integrations/posts/claims.ts).
 */
const claimsOnly = (sentence: string) => extractClaims(sentence).refused.length === 0;

/** The posts writer's selling points (the claims rule's), topped up with the description's short sentences. */
export function flyerHighlights(l: FlyerListing): string[] {
  const facts = listingFacts(l);
  const points = sellingPoints(l.propertyDescription, facts.deal, facts.offering).map((p) => capitalized(p.phrase));
  const sentences = l.propertyDescription
    .split(/(?<=[.!?])\s+/)
    // Whole sentences only: a description cut short ends in a fragment.
    .filter((s) => /[.!]$/.test(s.trim()))
    .map((s) => s.trim().replace(/[.!]$/, ""))
    .filter((s) => s.length >= 12 && s.length <= MAX_HIGHLIGHT_CHARS && claimsOnly(s));
  const out: string[] = [];
  for (const text of [...points, ...sentences]) {
    if (out.length >= MAX_HIGHLIGHTS || (out.length >= MIN_HIGHLIGHTS && !points.includes(text))) break;
    if (!out.some((o) => o.toLowerCase() === text.toLowerCase())) out.push(text);
  }
  return out;
}

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

export function flyerAddressLine(l: FlyerListing): string {
  const place = `${collapse(l.city)}, ${l.state}`;
  if (l.addressConfidential) return place;
  return [collapse(l.address), `${place}${l.zip ? ` ${l.zip}` : ""}`].join(", ");
}

/** "Retail · Strip Center"; the type alone when the subtype is empty or the same word ("Office · Office" says it twice). */
export function flyerPropertyKind(l: Pick<FlyerListing, "propertyType" | "propertySubtype">): string | null {
  const type = l.propertyType ? collapse(l.propertyType) : "";
  const subtype = l.propertySubtype ? collapse(l.propertySubtype) : "";
  const same = type.toLowerCase() === subtype.toLowerCase();
  return [type, same ? "" : subtype].filter(Boolean).join(" · ") || null;
}

const spaceRow = (s: Space): FlyerSpaceRow => ({
  suite: s.floor ? `${s.suite} (fl. ${s.floor})` : s.suite,
  size: formatSquareFeet(s.sizeSf),
  rate: s.rate !== null ? `${formatDollarsAndCents(s.rate)}${rateUnitShort(s.rateUnit)}` : "Upon request",
  leaseType: s.leaseType ?? "",
  available: s.availableOn ? formatCalendarDate(s.availableOn) : "Now",
});

/**
 * The spaces a lease listing offers, from its summary and its spaces: only available ones (a
 * pending or leased suite is not on offer), and only when the summary says there are some.
 */
export function flyerSpaces(l: Pick<FlyerListing, "offeringType" | "spacesSummary">, spaces: readonly Space[]): FlyerSpaces | null {
  const available = spaces.filter((s) => s.status === "available");
  if (!leases(l.offeringType) || !l.spacesSummary || available.length === 0) return null;
  return { rows: available.map(spaceRow), range: spacesRangeText(l.spacesSummary) };
}

/** The page's address for a flyer: the canonical one for the QR code, and one without its scheme to print. */
export const flyerPage = (url: string): FlyerPage => ({ url, short: url.replace(/^https?:\/\//, "") });

export function flyerContent(l: FlyerListing, agent: FlyerContact | null, brand: Brand, pageUrl: string | null = null, spaces: readonly Space[] = []): FlyerContent {
  const propertyKind = flyerPropertyKind(l);
  const market = marketStatus(l);
  return {
    headline: market.headline,
    market,
    propertyKind,
    name: collapse(l.listingName),
    addressLine: flyerAddressLine(l),
    facts: flyerFacts(l),
    highlights: flyerHighlights(l),
    description: l.propertyDescription.trim(),
    spaces: flyerSpaces(l, spaces),
    agent,
    page: pageUrl ? flyerPage(pageUrl) : null,
    brand: {
      brokerageName: brand.brokerageName,
      phone: brand.phone,
      website: brand.website,
      address: brand.address,
      licenseNumber: brand.licenseNumber,
      accentColor: brand.accentColor,
      disclaimer: brand.disclaimer,
      email: brand.email && (agent === null || agent.email) ? brand.email : null,
    },
  };
}

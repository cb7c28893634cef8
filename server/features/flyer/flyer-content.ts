// What a flyer says, chosen field by field from the listing, its agent and the brand (an explicit
// list, so that notes, drive links and the like cannot leak by being forgotten). Facts not set
// are left out, never printed as "N/A" or "$0"; numbers are the stored values in the app's own
// formats (shared/parse). 
import type { Brand } from "../../../shared/brand.js";
import { marketStatus, type MarketStatus } from "../../../shared/market-status.js";
import { formatDollars, formatDollarsAndCents } from "../../../shared/parse/money.js";
import { formatLeaseRate } from "../../../shared/parse/lease-rate.js";
import { formatPercent } from "../../../shared/parse/percent.js";
import { formatAcres, formatSquareFeet } from "../../../shared/parse/size.js";
import type { Listing, OfferingType } from "../../../shared/schema.js";
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
>;

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
    rows.push(["Lease Rate", l.leaseRate != null ? formatLeaseRate(l.leaseRate, l.leaseRateUnit, l.leaseType) : (l.leaseType ? `${l.leaseType} (rate upon request)` : "Rate Upon Request")]);
    rows.push(["Available", l.availableSizeSf ? formatSquareFeet(l.availableSizeSf) : null]);
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

/** The page's address for a flyer: the canonical one for the QR code, and one without its scheme to print. */
export const flyerPage = (url: string): FlyerPage => ({ url, short: url.replace(/^https?:\/\//, "") });

export function flyerContent(l: FlyerListing, agent: FlyerContact | null, brand: Brand, pageUrl: string | null = null): FlyerContent {
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

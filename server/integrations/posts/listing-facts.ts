// What the built-in writer knows about a listing: its own fields, tidied, and nothing else.
import { factRows, LISTING_FACT_FIELDS, priceText, sizeText, type ListingFacts as DealFactValues } from "../../../shared/listing-facts.js";
import { STATES, type OfferingType } from "../../../shared/schema.js";
import type { SpacesSummary } from "../../../shared/spaces-summary.js";
import type { PostsListing } from "./posts-writer.js";
import { collapseSpaces, toHashtagBody } from "./text.js";

export interface Offering {
  /** Reads after "is": "for sale", "available for transfer". */
  phrase: string;
  /** Title case, for headlines: "For Sale or Lease". */
  headline: string;
  buys: boolean;
  leases: boolean;
  transfers: boolean;
  tags: string[];
}

const offering = (phrase: string, headline: string, buys: boolean, leases: boolean, transfers: boolean): Offering => {
  const tags = [buys && "ForSale", leases && "ForLease", transfers && "BusinessForSale"].filter((t): t is string => typeof t === "string");
  return { phrase, headline, buys, leases, transfers, tags };
};

const OFFERINGS: Record<OfferingType, Offering> = {
  Sell: offering("for sale", "For Sale", true, false, false),
  Lease: offering("for lease", "For Lease", false, true, false),
  Transfer: offering("available for transfer", "Available for Transfer", false, false, true),
  "Sell/Lease": offering("for sale or lease", "For Sale or Lease", true, true, false),
  "Sell/Transfer": offering("for sale or transfer", "For Sale or Transfer", true, false, true),
  "Sell/Lease/Transfer": offering("for sale, lease or transfer", "For Sale, Lease or Transfer", true, true, true),
};

export const offeringOf = (type: OfferingType): Offering => OFFERINGS[type];

export interface ListingFacts {
  name: string;
  city: string;
  stateCode: string;
  stateName: string;
  /** "Morgantown, WV" */
  place: string;
  /** "Morgantown, West Virginia" */
  placeLong: string;
  offering: Offering;
  flyerLink: string | null;
  listingLink: string | null;
  locationTags: string[];
  /** A business sold on its own: buyers request details, they do not tour it. */
  businessSale: boolean;
  /** A business sale whose public description does not name it: the posts never do either. */
  confidential: boolean;
  /** The commercial facts, raw and as the screens print them. */
  deal: DealFacts;
}

export interface DealFacts {
  values: Partial<DealFactValues>;
  /** "$1,650,000" or "$18.50 /SF/yr NNN"; null when neither is known. */
  price: string | null;
  /** "20,000 SF" or "2.5 AC"; null when unknown. */
  size: string | null;
  /** The detail dialog's Deal Facts: label and printed value, only those known. */
  rows: { label: string; value: string }[];
  /**
   * A lease's available spaces, whose range stands for its one rate and size; null for a listing
   * not offered for lease or without an available space. Only the summary's own texts are quoted.
   */
  spaces: Pick<SpacesSummary, "sizeText" | "rateText"> | null;
}

function dealFacts(listing: PostsListing): DealFacts {
  const values = Object.fromEntries(LISTING_FACT_FIELDS.filter((f) => listing[f] != null).map((f) => [f, listing[f]])) as Partial<DealFactValues>;
  const spaces = OFFERINGS[listing.offeringType].leases ? (listing.spacesSummary ?? null) : null;
  const printable = { ...values, spacesSummary: spaces };
  // The size stays the listing's own (its building): a sale quotes its price with it; a lease's space is leaseSpace's.
  return { values, price: priceText(printable), size: sizeText(values), rows: factRows(printable), spaces: spaces && { sizeText: spaces.sizeText, rateText: spaces.rateText } };
}

function withState(city: string, state: string): string {
  const lower = city.toLowerCase();
  return lower.endsWith(`, ${state.toLowerCase()}`) || lower.endsWith(` ${state.toLowerCase()}`) ? city : `${city}, ${state}`;
}

/** "state college" or "STATE COLLEGE" → "State College"; a city typed with care is kept as it is. */
function cityName(raw: string): string {
  const city = collapseSpaces(raw);
  if (city !== city.toLowerCase() && city !== city.toUpperCase()) return city;
  return city.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}

/** True when text holds phrase as whole words, case and spacing aside. */
export const containsPhrase = (text: string, phrase: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, "iu").test(collapseSpaces(text));

/** Too short or too plain to give a business away ("12", "Cafe"): only a name of four letters or more counts as naming it. */
const isDistinctiveName = (name: string) => (name.match(/\p{L}/gu) ?? []).length >= 4;

/**
 * A business sale keeps the business's name out of its posts unless the listing's public
 * description names it, which says the seller already markets it by name.
 * The address never reaches a writer.
 */
export function isConfidentialBusiness(listing: PostsListing): boolean {
  const name = collapseSpaces(listing.listingName);
  return listing.offeringType === "Transfer" && isDistinctiveName(name) && !containsPhrase(listing.propertyDescription, name);
}

/** True when text names the listing's business, for a business sale kept confidential. */
export function namesConfidentialBusiness(text: string, listing: PostsListing): boolean {
  return isConfidentialBusiness(listing) && containsPhrase(text, collapseSpaces(listing.listingName));
}

export function listingFacts(listing: PostsListing): ListingFacts {
  const city = cityName(listing.city);
  const stateCode = collapseSpaces(listing.state);
  const stateName = STATES.find((s) => s.code === stateCode)?.name ?? stateCode;
  const cityTag = toHashtagBody(city);
  const stateTag = toHashtagBody(stateName);
  return {
    name: collapseSpaces(listing.listingName),
    city,
    stateCode,
    stateName,
    place: withState(city, stateCode),
    placeLong: withState(city, stateName),
    offering: OFFERINGS[listing.offeringType],
    flyerLink: listing.marketingFlyerLink?.trim() || null,
    listingLink: listing.looplinkLink?.trim() || null,
    locationTags: [...new Set([cityTag, stateTag, cityTag && `${cityTag}${toHashtagBody(stateCode)}`].filter(Boolean))],
    businessSale: listing.offeringType === "Transfer",
    confidential: isConfidentialBusiness(listing),
    deal: dealFacts(listing),
  };
}

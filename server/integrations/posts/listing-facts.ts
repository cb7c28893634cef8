// What the built-in writer knows about a listing: its own fields, tidied, and nothing else.
import { factRows, LISTING_FACT_FIELDS, priceText, sizeText, type ListingFacts as DealFactValues } from "../../../shared/listing-facts.js";
import { STATES, type MarketingCategory, type OfferingType } from "../../../shared/schema.js";
import type { PostsListing } from "./posts-writer.js";
import { clipWords, collapseSpaces, endSentence, toHashtagBody } from "./text.js";

export interface Offering {
  /** Reads after "is": "for sale", "available for transfer". */
  phrase: string;
  /** Title case, for headlines: "For Sale or Lease". */
  headline: string;
  /** Who the post speaks to, where the offering type makes it plain. */
  audience: string | null;
  buys: boolean;
  leases: boolean;
  tags: string[];
}

const OFFERINGS: Record<OfferingType, Offering> = {
  Sell: { phrase: "for sale", headline: "For Sale", audience: "buyers and investors", buys: true, leases: false, tags: ["ForSale"] },
  Lease: { phrase: "for lease", headline: "For Lease", audience: "tenants", buys: false, leases: true, tags: ["ForLease"] },
  Transfer: {
    phrase: "available for transfer",
    headline: "Available for Transfer",
    audience: null,
    buys: false,
    leases: false,
    tags: [],
  },
  "Sell/Lease": {
    phrase: "for sale or lease",
    headline: "For Sale or Lease",
    audience: "buyers and tenants",
    buys: true,
    leases: true,
    tags: ["ForSale", "ForLease"],
  },
  "Sell/Transfer": {
    phrase: "for sale or transfer",
    headline: "For Sale or Transfer",
    audience: null,
    buys: true,
    leases: false,
    tags: ["ForSale"],
  },
  "Sell/Lease/Transfer": {
    phrase: "for sale, lease or transfer",
    headline: "For Sale, Lease or Transfer",
    audience: null,
    buys: true,
    leases: true,
    tags: ["ForSale", "ForLease"],
  },
};

const MAX_SENTENCE = 220;

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
  /** Homerun and Grand Slam listings get the more emphatic openers. */
  standout: boolean;
  sentences: string[];
  flyerLink: string | null;
  listingLink: string | null;
  locationTags: string[];
  /** The commercial facts (issue 12), raw and as the screens print them; not worded into posts yet. */
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
}

function dealFacts(listing: PostsListing): DealFacts {
  const values = Object.fromEntries(LISTING_FACT_FIELDS.filter((f) => listing[f] != null).map((f) => [f, listing[f]])) as Partial<DealFactValues>;
  return { values, price: priceText(values), size: sizeText(values), rows: factRows(values) };
}

const STANDOUT: MarketingCategory[] = ["Homerun", "Grand Slam"];

// Listing copy is full of abbreviations ("approx. 12,500 SF on Rt. 7"); a full stop after one of
// these, or after a single letter, does not end a sentence. (Intl.Segmenter splits them.)
const ABBREVIATIONS = new Set(
  (
    "approx apx appr est incl min max no nos rt rte hwy st ste ave rd blvd dr ln ct pl pkwy sq ft ac sf bldg mt fl flr " +
    "mr mrs ms jr sr inc co corp ltd llc vs etc eg ie al dept ext tel ph yr yrs mo mos hr hrs"
  ).split(" "),
);
const SENTENCE_END = /[.!?…]+["'”’)\]]*\s+(?=["'“‘(]?[\p{Lu}\p{N}])/gu;

export function splitSentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const match of text.matchAll(SENTENCE_END)) {
    const before = text.slice(start, match.index + 1);
    const word = /(\p{L}+)\.$/u.exec(before)?.[1];
    if (word && (word.length === 1 || ABBREVIATIONS.has(word.toLowerCase()))) continue;
    out.push(text.slice(start, match.index + match[0].length).trim());
    start = match.index + match[0].length;
  }
  out.push(text.slice(start).trim());
  return out.filter(Boolean);
}

/**
 * The description's sentences, each whole (or clipped at a word), ending in punctuation. Bullet
 * markers go; a line that only introduces a list ("Features include:") says nothing alone.
 */
export function descriptionSentences(description: string): string[] {
  const out = new Set<string>();
  for (const rawLine of description.split(/\r?\n/)) {
    const text = collapseSpaces(rawLine.replace(/^\s*(?:[-*•·▪◦>]+|\d{1,2}[.)])\s+/u, ""));
    for (const sentence of splitSentences(text)) {
      if (!/[\p{L}\p{N}]/u.test(sentence) || sentence.endsWith(":")) continue;
      const clipped = clipWords(sentence, MAX_SENTENCE);
      if (clipped) out.add(endSentence(clipped));
    }
  }
  return [...out];
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
    standout: STANDOUT.includes(listing.marketingCategory),
    sentences: descriptionSentences(listing.propertyDescription),
    flyerLink: listing.marketingFlyerLink?.trim() || null,
    listingLink: listing.looplinkLink?.trim() || null,
    locationTags: [...new Set([cityTag, stateTag, cityTag && `${cityTag}${toHashtagBody(stateCode)}`].filter(Boolean))],
    deal: dealFacts(listing),
  };
}

// The rules every post must pass, whoever wrote it: the platform's length limit,
// Instagram's hashtag count, no number the listing does not state, no figure or place the
// listing does not claim (claims.ts), and no run of more than
// twelve words pasted from the description; and what a broker would publish:
// a lease's building size only as
// the building's, a business sale unnamed and without tours, the brokerage's line on the longer
// posts. Both writers, the report and the tests use these.
import { factRows, priceText, sizeText } from "../../../shared/listing-facts.js";
import { marketStatus } from "../../../shared/market-status.js";
import { INSTAGRAM_HASHTAGS, platformLimit, postLength, PLATFORM_LABELS, type PostPlatform, type StoredPlatform } from "../../../shared/posts.js";
import { unsupportedClaims } from "./claims.js";
import { containsPhrase, namesConfidentialBusiness, offeringOf } from "./listing-facts.js";
import { brandLine, postLink, type PostsBrand, type PostsListing } from "./posts-writer.js";
import { carriesPageLink } from "../../../shared/post-page-link.js";

/** A post may share at most this many consecutive words with the description. */
export const MAX_SHARED_RUN = 12;

const NUMBER = /\p{N}+(?:[.,]\p{N}+)*/gu;
const WORD = /[\p{L}\p{N}]+/gu;
const HASHTAG = /(?<![\p{L}\p{N}_&])#[\p{L}\p{N}_]+/gu;

/** "12,500" and "12500" are one number; so are "7.50" and "7.5". */
function normalizeNumber(raw: string): string {
  // A comma followed by exactly three digits groups thousands; any other comma separates numbers.
  const grouped = raw.replace(/,(?=\d{3}(?!\d))/g, "");
  return grouped
    .split(",")
    .map((n) => (n.includes(".") ? n.replace(/0+$/, "").replace(/\.$/, "") : n).replace(/^0+(?=\d)/, ""))
    .join(",");
}

const numbersIn = (text: string) => (text.match(NUMBER) ?? []).flatMap((n) => normalizeNumber(n).split(","));

export const wordsOf = (text: string) => (text.toLowerCase().match(WORD) ?? []) as string[];

export const hashtagsOf = (text: string) => text.match(HASHTAG) ?? [];

/** Everything the listing states that a post may repeat: its text fields, links and facts as printed, and the brand's line. */
export function listingText(listing: PostsListing, brand?: PostsBrand): string {
  const facts = Object.fromEntries(Object.entries(listing).filter(([, v]) => v != null));
  return [
    listing.listingName,
    listing.city,
    listing.state,
    listing.propertyDescription,
    listing.marketingFlyerLink,
    listing.looplinkLink,
    listing.publicPageUrl,
    priceText(facts),
    sizeText(facts),
    ...factRows(facts).map((r) => r.value),
    ...Object.values(facts).filter((v) => typeof v === "number").map(String),
    brandLine(brand),
  ]
    .filter(Boolean)
    .join("\n");
}

/** The numbers in text that the listing never states. */
export function foreignNumbers(text: string, listing: PostsListing, brand?: PostsBrand): string[] {
  const known = new Set(numbersIn(listingText(listing, brand)));
  return [...new Set(numbersIn(text).filter((n) => !known.has(n)))];
}

/** The longest run of consecutive words (case and punctuation aside) that text shares with source. */
export function longestSharedRun(text: string, source: string): number {
  const a = wordsOf(text);
  const b = wordsOf(source);
  let best = 0;
  let previous = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      if (a[i - 1] === b[j - 1]) {
        current[j] = previous[j - 1] + 1;
        if (current[j] > best) best = current[j];
      }
    }
    previous = current;
  }
  return best;
}

const URLS = /https?:\/\/\S+/giu;
// A percentage is a cap rate or a share, never the lease rate even when the figures coincide.
const PERCENTAGES = /\p{N}+(?:[.,]\p{N}+)*\s*%/gu;
const states = (text: string, n: number) => numbersIn(text.replace(URLS, " ")).includes(normalizeNumber(n.toFixed(2)));
// "65,000 SF building", "65,000-square-foot office building", "a building of 65,000 SF".
const BUILDING_AFTER = /^\s*-?\s*(?:SF|sq\.?\s?ft\.?|square[- ](?:feet|foot))?[\s-]*(?:[\p{L}-]+\s+){0,2}?(?:building|bldg)\b/iu;
const BUILDING_BEFORE = /\b(?:building|bldg\.?)\s+(?:of|totaling|totalling|with)\s+(?:about\s+)?$/iu;

/**
 * For a lease, the size that goes with a rate is the space offered: the building's size may
 * appear only as the building's ("in a 65,000 SF building"), never as if it were the space.
 * A post for a sale that states no rate is about the building, and may give its size plainly.
 * Answers each unlabelled mention.
 */
export function misleadingSizes(text: string, listing: PostsListing): string[] {
  const building = listing.buildingSizeSf;
  if (building == null || building === listing.availableSizeSf) return [];
  const offering = offeringOf(listing.offeringType);
  const aboutTheLease = offering.leases && (!(offering.buys || offering.transfers) || (listing.leaseRate != null && states(text.replace(PERCENTAGES, " "), listing.leaseRate)));
  if (!aboutTheLease) return [];
  const plain = text.replace(URLS, " ");
  const unlabelled: string[] = [];
  for (const m of plain.matchAll(NUMBER)) {
    if (normalizeNumber(m[0]) !== String(building)) continue;
    // "$10" or "10%" is money or a rate that happens to equal the size, not a size at all.
    if (/\$\s*$/.test(plain.slice(0, m.index)) || /^\s*%/.test(plain.slice(m.index + m[0].length))) continue;
    const labelled = BUILDING_AFTER.test(plain.slice(m.index + m[0].length)) || BUILDING_BEFORE.test(plain.slice(0, m.index));
    if (!labelled) unlabelled.push(m[0]);
  }
  return unlabelled;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The figures and places a post claims that the listing does not: a figure with its unit needs
 * the same number and unit among the facts or as a claim of the description (so "1,000 SF" out of
 * "4.1/1,000 SF" is refused), a place the description's own standalone mention ("downtown" is not
 * in "minutes from downtown"). The rule is claims.ts's, the one the highlights follow. The
 * listing's name, city, links, hashtags and the brand's line are the listing's own words.
 */
export function unsupportedPostClaims(text: string, listing: PostsListing, brand?: PostsBrand): string[] {
  const own = [listing.listingName, listing.city, brandLine(brand)].map((t) => (t ? t.replace(/\s+/g, " ").trim() : "")).filter((t) => t.length > 0);
  let plain = text.replace(URLS, " ").replace(HASHTAG, " ").replace(/\s+/g, " ");
  // Whole words only: a listing named "1" must not turn "10 SF" into "0 SF".
  for (const words of own) plain = plain.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(words)}(?![\\p{L}\\p{N}])`, "giu"), " ");
  return unsupportedClaims(plain, listing.propertyDescription, listing);
}

const TOURS = /\b(?:tours?|showings?|walk-?throughs?)\b|\b(?:arrange|schedule|book) a visit\b/iu;

/** A business sold on its own is offered in confidence: no name the description keeps back, and details on request rather than tours. */
export function businessSaleProblems(text: string, listing: PostsListing): string[] {
  if (listing.offeringType !== "Transfer") return [];
  const problems: string[] = [];
  if (namesConfidentialBusiness(text, listing)) problems.push("names a business offered in confidence");
  if (TOURS.test(text)) problems.push("offers a tour of a business sale, where buyers request details");
  return problems;
}

/** The longer posts end with the brokerage's name and phone when the brand is set; X and Instagram carry it when it fits. */
export const SIGNED_PLATFORMS: readonly PostPlatform[] = ["linkedin", "facebook", "google"];

export function lacksBrand(platform: StoredPlatform, text: string, brand: PostsBrand | undefined): boolean {
  const line = brandLine(brand);
  return line !== null && (SIGNED_PLATFORMS as readonly string[]).includes(platform) && !text.trimEnd().endsWith(line);
}

/** True when the post states the listing's cap rate ("6.85% cap rate", "a cap rate of 6.85%"). */
export const statesCapRate = (text: string, listing: PostsListing) => listing.capRate != null && /\bcap\b/i.test(text) && states(text, listing.capRate);

/** For a sale with a cap rate: the platforms none of whose posts states it (each platform must have one). */
/** An investment sale: every platform's posts must state its cap rate somewhere. */
export const capRateRequired = (listing: PostsListing) => listing.capRate != null && offeringOf(listing.offeringType).buys;

export function platformsWithoutCapRate(posts: { platform: StoredPlatform; text: string }[], listing: PostsListing): StoredPlatform[] {
  if (!capRateRequired(listing)) return [];
  const platforms = [...new Set(posts.map((p) => p.platform))];
  return platforms.filter((platform) => !posts.some((p) => p.platform === platform && statesCapRate(p.text, listing)));
}

/**
 * Age, class or subtype offered where the description does not make them a selling point: the
 * built-in writer states them nowhere, so any in its posts is filler. Not a rule for a model's
 * posts, which may state them as facts ("built in 1987").
 */
export function fillerHighlights(text: string, listing: PostsListing): string[] {
  const found: string[] = [];
  const described = listing.propertyDescription;
  const year = listing.yearBuilt;
  if (year != null && numbersIn(text).includes(String(year)) && !numbersIn(described).includes(String(year))) found.push(`year built ${year}`);
  const classWords = listing.buildingClass ? new RegExp(`\\bClass ${listing.buildingClass}\\b`, "i") : null;
  if (classWords && classWords.test(text) && !classWords.test(described)) found.push(`Class ${listing.buildingClass}`);
  if (/\bconstruction from\b/i.test(text)) found.push("construction from");
  const subtype = listing.propertySubtype?.trim();
  if (subtype && containsPhrase(text, subtype) && !containsPhrase(described, subtype) && !containsPhrase(listing.listingName, subtype)) found.push(subtype.toLowerCase());
  return found;
}

// "for sale", "for lease", #ForSale, #LandForSale: an offer a closed deal no longer makes.
const ON_OFFER = /\bfor[\s-]+(?:sale|lease)\b|#\w*For(?:Sale|Lease)\b/iu;

/** A closed listing's post that still offers it. */
export function offersClosedDeal(text: string, listing: PostsListing): boolean {
  return marketStatus(listing).state === "closed" && ON_OFFER.test(text);
}

const LINK = /https?:\/\/\S+/gu;

/**
 * One link per post: on a platform that makes links
 * clickable, the listing's one link (postLink: the public page while published, else its
 * marketplace or flyer link) and no other, before the hashtags that close the post; on
 * Instagram none.
 */
export function linkProblems(platform: StoredPlatform, text: string, listing: PostsListing): string[] {
  if (platform === "other") return [];
  const links: string[] = text.match(LINK) ?? [];
  if (!carriesPageLink(platform)) return links.length ? ["a link on Instagram, where links are not clickable"] : [];
  const expected = postLink(listing);
  const problems: string[] = [];
  if (expected && !links.includes(expected)) problems.push("does not carry the listing's link");
  const others = links.filter((l) => l !== expected);
  if (others.length) problems.push(`${others.length === 1 ? "a link" : `${others.length} links`} besides the listing's one`);
  const tags = [...text.replace(LINK, (l) => " ".repeat(l.length)).matchAll(HASHTAG)];
  const lastTag = tags.length ? tags[tags.length - 1].index : -1;
  if (expected && lastTag >= 0 && text.lastIndexOf(expected) > lastTag) problems.push("the link comes after the hashtags");
  return problems;
}

/** What is wrong with one post for its platform; empty when it passes every rule. */
export function postProblems(platform: StoredPlatform, text: string, listing: PostsListing, brand?: PostsBrand): string[] {
  const problems: string[] = [];
  if (!text.trim()) problems.push("the post is empty");
  const limit = platformLimit(platform);
  const length = postLength(platform, text);
  if (limit !== null && length > limit) problems.push(`${length} characters, over ${PLATFORM_LABELS[platform]}'s ${limit}`);
  if (platform === "instagram") {
    const tags = hashtagsOf(text).length;
    if (tags < INSTAGRAM_HASHTAGS.min || tags > INSTAGRAM_HASHTAGS.max) {
      problems.push(`${tags} hashtags, not ${INSTAGRAM_HASHTAGS.min} to ${INSTAGRAM_HASHTAGS.max}`);
    }
  }
  const foreign = foreignNumbers(text, listing, brand);
  if (foreign.length) problems.push(`numbers the listing does not state: ${foreign.join(", ")}`);
  const claims = unsupportedPostClaims(text, listing, brand);
  if (claims.length) problems.push(`claims the listing does not make: ${claims.join(", ")}`);
  const run = longestSharedRun(text, listing.propertyDescription);
  if (run > MAX_SHARED_RUN) problems.push(`${run} consecutive words copied from the description`);
  const sizes = misleadingSizes(text, listing);
  if (sizes.length) problems.push(`the building's ${sizes[0]} SF reads as the space for lease`);
  problems.push(...businessSaleProblems(text, listing));
  if (offersClosedDeal(text, listing)) problems.push("offers a closed deal as for sale or lease");
  if (lacksBrand(platform, text, brand)) problems.push("does not end with the brokerage's name and phone");
  problems.push(...linkProblems(platform, text, listing));
  return problems;
}

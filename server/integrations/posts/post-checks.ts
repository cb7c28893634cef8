// The rules every post must pass, whoever wrote it (docs/decisions/170-built-in-posts-writer.md): the platform's length limit,
// Instagram's hashtag count, no number the listing does not state, and no run of more than
// twelve words pasted from the description. Both writers, the report and the tests use these.
import { factRows, priceText, sizeText } from "../../../shared/listing-facts.js";
import { INSTAGRAM_HASHTAGS, platformLimit, postLength, PLATFORM_LABELS, type StoredPlatform } from "../../../shared/posts.js";
import type { PostsListing } from "./posts-writer.js";

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

/** Everything the listing states that a post may repeat: its text fields, links and facts as printed. */
export function listingText(listing: PostsListing): string {
  const facts = Object.fromEntries(Object.entries(listing).filter(([, v]) => v != null));
  return [
    listing.listingName,
    listing.city,
    listing.state,
    listing.propertyDescription,
    listing.marketingFlyerLink,
    listing.looplinkLink,
    priceText(facts),
    sizeText(facts),
    ...factRows(facts).map((r) => r.value),
    ...Object.values(facts).filter((v) => typeof v === "number").map(String),
  ]
    .filter(Boolean)
    .join("\n");
}

/** The numbers in text that the listing never states. */
export function foreignNumbers(text: string, listing: PostsListing): string[] {
  const known = new Set(numbersIn(listingText(listing)));
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

/** What is wrong with one post for its platform; empty when it passes every rule. */
export function postProblems(platform: StoredPlatform, text: string, listing: PostsListing): string[] {
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
  const foreign = foreignNumbers(text, listing);
  if (foreign.length) problems.push(`numbers the listing does not state: ${foreign.join(", ")}`);
  const run = longestSharedRun(text, listing.propertyDescription);
  if (run > MAX_SHARED_RUN) problems.push(`${run} consecutive words copied from the description`);
  return problems;
}

// The default writer: ten posts for ten places, composed offline and at once from the listing's
// selling points in the writer's own sentences (docs/decisions/170-built-in-posts-writer.md), signed
// with the brokerage's line when a brand is given (docs/decisions/263-posts-brand-honest-writer.md).
import { blockSeparator, carriesPageLink } from "../../../shared/post-page-link.js";
import { BUILT_IN_WRITER, INSTAGRAM_HASHTAGS, PLATFORM_LIMITS, POST_PLAN, postLength, type PostPlatform } from "../../../shared/posts.js";
import { listingFacts } from "./listing-facts.js";
import { marketStatus, marketStatusLine, type MarketStatus } from "../../../shared/market-status.js";
import { assemble, capitalize, confidentialName, formatsFor, kindOf, listingTags, type Format, type PostContext } from "./platform-posts.js";
import { postProblems, SIGNED_PLATFORMS } from "./post-checks.js";
import { brandLine, type PostsBrand, type PostsListing, type PostsWriter, type WrittenPost } from "./posts-writer.js";
import { createPicker, type Picker, type RandomSource } from "./random.js";
import { keyFigures, sellingPoints } from "./selling-points.js";

const MIN_POINTS = 2;
const MAX_POINTS = 4;

/** What every post of a listing is written from, read once per set. */
interface Prepared {
  c: PostContext;
  points: string[];
  pageUrl: string | null;
}

function prepare(listing: PostsListing, picker: Picker): Prepared {
  const facts = listingFacts(listing);
  const kind = kindOf(facts.deal.values.propertyType);
  const market = marketStatus(listing);
  const c: PostContext = {
    ...facts,
    market,
    // A business sold in confidence is never named.
    name: facts.confidential ? confidentialName(kind) : facts.name,
    pick: picker.pick,
    kind,
    tags: statusTags(listingTags(facts), market),
    keyFigures: keyFigures(listing.propertyDescription, facts.deal, facts.offering),
  };
  return { c, points: sellingPoints(listing.propertyDescription, facts.deal, facts.offering).map((p) => p.phrase), pageUrl: listing.publicPageUrl ?? null };
}

// A closed deal's hashtags offer nothing (#ForSale, #LandForSale) and say what happened instead.
const OFFER_TAG = /For(?:Sale|Lease)$/;
const CLOSED_TAGS: Record<string, string> = { Sold: "JustSold", Leased: "JustLeased", "Business Sold": "JustSold" };
function statusTags(tags: string[], market: MarketStatus): string[] {
  if (market.state === "underContract") return ["UnderContract", ...tags];
  if (market.state !== "closed") return tags;
  return [CLOSED_TAGS[market.headline] ?? "JustClosed", ...tags.filter((t) => !OFFER_TAG.test(t))];
}

/** Two to four of the listing's points (fewer when it has fewer), a different choice each time. */
function choosePoints(points: string[], picker: Picker): string[] {
  const n = Math.min(points.length, MIN_POINTS + Math.floor(picker.pick([0, 1, 2])));
  // The strongest points (figures and facts come first) are the likeliest picks.
  return picker.sample(points.slice(0, Math.max(n, MAX_POINTS + 2)), Math.min(n, MAX_POINTS));
}

/**
 * The post's blocks within its limit, then what ends it: the public page's link when the listing
 * has one and the brand's line, always on the
 * longer posts (room is kept for both), the line on X and Instagram when it fits.
 */
function signed(platform: PostPlatform, blocks: string[], brand: PostsBrand | undefined, pageUrl: string | null): string {
  const line = brandLine(brand);
  const sep = blockSeparator(platform);
  const url = pageUrl && carriesPageLink(platform) ? pageUrl : null;
  const required = [url, line && SIGNED_PLATFORMS.includes(platform) ? line : null].filter((p): p is string => p !== null);
  const reserve = required.length ? postLength(platform, sep + required.join(sep)) : 0;
  const text = [capitalize(assemble(platform, blocks, reserve)), ...required].join(sep);
  if (!line || SIGNED_PLATFORMS.includes(platform)) return text;
  const withLine = `${text}${sep}${line}`;
  return postLength(platform, withLine) <= PLATFORM_LIMITS[platform] ? withLine : text;
}

/**
 * One post that passes every check: the chosen format with fewer points each time a check fails,
 * then without the listing's name, which a description may repeat at length.
 */
function writeOne(
  listing: PostsListing,
  { c, points, pageUrl }: Prepared,
  platform: PostPlatform,
  formats: Format[],
  picker: Picker,
  taken: Set<string>,
  brand?: PostsBrand,
  wanted: (text: string) => boolean = () => true,
): WrittenPost {
  const chosen = choosePoints(points, picker);
  const nameless: PostContext = { ...c, name: c.confidential ? c.name : c.kind ? c.kind.replace(/^an? /, "this ") : "this listing" };
  let fallback: string | null = null;
  for (const ctx of [c, nameless]) {
    for (let n = chosen.length; n >= 0; n--) {
      for (const format of formats) {
        const text = signed(platform, format(ctx, chosen.slice(0, n)), brand, pageUrl);
        if (postProblems(platform, text, listing, brand).length) continue;
        fallback ??= text;
        if (!taken.has(text) && wanted(text)) return { platform, text };
      }
    }
  }
  // Only a listing whose every field repeats the others ends here; a repeat beats a broken post.
  return { platform, text: fallback ?? signed(platform, [`${c.market.state === "active" ? c.offering.headline : marketStatusLine(c.market)} in ${c.place}.`, c.tags.slice(0, INSTAGRAM_HASHTAGS.max).map((t) => `#${t}`).join(" ")], brand, pageUrl) };
}

/**
 * One post for a platform, unlike those in taken where possible, and one that wanted accepts where
 * any format can write one (a replacement that must state the cap rate, on X's short budget).
 */
export function composePost(
  listing: PostsListing,
  platform: PostPlatform,
  random: RandomSource = Math.random,
  taken = new Set<string>(),
  brand?: PostsBrand,
  wanted?: (text: string) => boolean,
): WrittenPost {
  const picker = createPicker(random);
  const prepared = prepare(listing, picker);
  return writeOne(listing, prepared, platform, picker.shuffle(formatsFor(platform, prepared.c.market)), picker, taken, brand, wanted);
}

/** The ten posts, in POST_PLAN's order. */
export function composePosts(listing: PostsListing, random: RandomSource = Math.random, brand?: PostsBrand): WrittenPost[] {
  const picker = createPicker(random);
  const taken = new Set<string>();
  // A platform's second and third posts start with the formats its first did not use.
  const prepared = prepare(listing, picker);
  const queues = new Map(POST_PLAN.map((p) => [p, picker.shuffle(formatsFor(p, prepared.c.market))]));
  return POST_PLAN.map((platform) => {
    const formats = queues.get(platform)!;
    const post = writeOne(listing, prepared, platform, formats, picker, taken, brand);
    formats.push(formats.shift()!);
    taken.add(post.text);
    return post;
  });
}

export function createBuiltInWriter(random: RandomSource = Math.random): PostsWriter {
  return {
    kind: "built-in",
    write: async (listing, brand) => ({ writer: BUILT_IN_WRITER, posts: composePosts(listing, random, brand) }),
  };
}

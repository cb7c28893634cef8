// The default writer: ten posts for ten places, composed offline and at once from the listing's
// selling points in the writer's own sentences (docs/decisions/170-built-in-posts-writer.md), signed
// with the brokerage's line when a brand is given (docs/decisions/263-posts-brand-honest-writer.md).
import { blockSeparator, carriesPageLink } from "../../../shared/post-page-link.js";
import { BUILT_IN_WRITER, INSTAGRAM_HASHTAGS, PLATFORM_LIMITS, POST_PLAN, postLength, type PostPlatform } from "../../../shared/posts.js";
import { listingFacts } from "./listing-facts.js";
import { marketStatus, marketStatusLine, type MarketStatus } from "../../../shared/market-status.js";
import { pitchOf } from "./pitch.js";
import { assemble, capitalize, confidentialName, formatsFor, hashtags, kindOf, listingTags, TAG_COUNTS, type Format, type PostContext } from "./platform-posts.js";
import { postProblems, SIGNED_PLATFORMS } from "./post-checks.js";
import { brandLine, postLink, type PostsBrand, type PostsListing, type PostsWriter, type WrittenPost } from "./posts-writer.js";
import { createPicker, type Picker, type RandomSource } from "./random.js";
import { keyFigures, sellingPoints } from "./selling-points.js";
import { MAX_POST_SIMILARITY, postSimilarity } from "./similarity.js";

// The writer aims well under the limit the tests hold it to, so that a listing with few facts, whose
// posts must share them, still stays under it.
const AIM_SIMILARITY = MAX_POST_SIMILARITY - 0.1;
import { asWritten } from "./text.js";

const MIN_POINTS = 2;
const MAX_POINTS = 4;

/** What every post of a listing is written from, read once per set. */
interface Prepared {
  c: PostContext;
  points: string[];
  /** The post's one link: the public page while published, else the listing's marketplace or flyer link. */
  link: string | null;
}

function prepare(listing: PostsListing, picker: Picker): Prepared {
  const facts = listingFacts(listing);
  const kind = kindOf(facts.deal.values.propertyType);
  const market = marketStatus(listing);
  const said = new Set<string>();
  const vary = (items: readonly string[]) => {
    const fresh = items.filter((i) => !said.has(i));
    const choice = picker.pick(fresh.length ? fresh : items);
    said.add(choice);
    return choice;
  };
  const c: PostContext = {
    ...facts,
    market,
    // A business sold in confidence is never named.
    name: facts.confidential ? confidentialName(kind) : facts.name,
    pick: picker.pick,
    vary,
    kind,
    tags: statusTags(listingTags(facts), market),
    keyFigures: keyFigures(listing.propertyDescription, facts.deal, facts.offering),
    pitch: pitchOf(listing.propertyDescription, facts.offering, listing.capRate, facts.deal.values.propertyType),
  };
  return { c, points: sellingPoints(listing.propertyDescription, facts.deal, facts.offering).map((p) => p.phrase), link: postLink(listing) };
}

// A closed deal's hashtags offer nothing (#ForSale, #LandForSale) and say what happened instead.
const OFFER_TAG = /For(?:Sale|Lease)$/;
const CLOSED_TAGS: Record<string, string> = { Sold: "JustSold", Leased: "JustLeased", "Business Sold": "JustSold" };
function statusTags(tags: string[], market: MarketStatus): string[] {
  if (market.state === "underContract") return ["UnderContract", ...tags];
  if (market.state !== "closed") return tags;
  return [CLOSED_TAGS[market.headline] ?? "JustClosed", ...tags.filter((t) => !OFFER_TAG.test(t))];
}

/**
 * Two to four of the listing's points (fewer when it has fewer), a different choice each time;
 * the k-th post of a set leads with a different one, so the posts stress different things.
 */
function choosePoints(points: string[], picker: Picker, k: number): string[] {
  const n = Math.min(points.length, MIN_POINTS + Math.floor(picker.pick([0, 1, 2])));
  // The strongest points (figures and facts come first) are the likeliest picks.
  const pool = points.slice(0, Math.max(n, MAX_POINTS + 2));
  if (!pool.length) return [];
  const lead = pool[k % pool.length];
  return [lead, ...picker.sample(pool.filter((p) => p !== lead), Math.min(n, MAX_POINTS) - 1)];
}

/**
 * The post's body within its limit, then its tail: the one link on the platforms that make links
 * clickable, the hashtags, the brand's line. The link (and the line on the longer posts, and
 * Instagram's hashtags) is always kept; the other hashtags and X's and Instagram's line only
 * where they cost the body nothing. Units and articles are set as a person writes them.
 */
function signed(platform: PostPlatform, blocks: string[], brand: PostsBrand | undefined, link: string | null, tags: string): string {
  const line = brandLine(brand);
  const sep = blockSeparator(platform);
  const url = link && carriesPageLink(platform) ? link : null;
  const lineRequired = SIGNED_PLATFORMS.includes(platform);
  const tagsRequired = platform === "instagram";
  const written = blocks.map(asWritten);
  // The brand's line before the optional hashtags.
  const tails: (string | null)[][] = [
    [url, tags || null, line],
    [url, tagsRequired ? tags : null, line],
    [url, tags || null, lineRequired ? line : null],
    [url, tagsRequired ? tags : null, lineRequired ? line : null],
  ];
  const build = (tail: (string | null)[]) => {
    const parts = tail.filter((p): p is string => Boolean(p));
    const reserve = parts.length ? postLength(platform, sep + parts.join(sep)) : 0;
    const body = capitalize(assemble(platform, written, reserve));
    return { body, text: [body, ...parts].join(sep) };
  };
  const least = build(tails[tails.length - 1]);
  for (const tail of tails) {
    const built = build(tail);
    if (built.body === least.body && postLength(platform, built.text) <= PLATFORM_LIMITS[platform]) return built.text;
  }
  return least.text;
}

/** The most a candidate resembles any post already chosen for the set. */
const closest = (text: string, chosen: readonly string[], ignore: string | null) => Math.max(0, ...chosen.map((t) => postSimilarity(text, t, ignore)));

/**
 * One post that passes every check and reads unlike the posts already chosen (below
 * AIM_SIMILARITY where any shape gets there, else the least alike): the shapes in the order given, each with
 * fewer points each time a check fails, then without the listing's name, which a description
 * may repeat at length. Answers the shape it used.
 */
function writeOne(
  listing: PostsListing,
  { c, points, link }: Prepared,
  platform: PostPlatform,
  formats: Format[],
  picker: Picker,
  chosen: readonly string[],
  k: number,
  brand?: PostsBrand,
  wanted: (text: string) => boolean = () => true,
): { post: WrittenPost; format: Format | null } {
  const taken = new Set(chosen);
  // Led by the k-th point first; by the next ones when no shape reads unlike the others with it.
  const choices = [0, 1, 2].map((r) => choosePoints(points, picker, k + r));
  const nameless: PostContext = { ...c, kind: c.confidential ? c.kind : null, name: c.confidential ? c.name : c.kind ? c.kind.replace(/^an? /, "this ") : "this listing" };
  const tags = hashtags(c, TAG_COUNTS[platform]);
  const ignore = brandLine(brand);
  let fallback: string | null = null;
  let best: { text: string; format: Format; similarity: number } | null = null;
  for (const ctx of [c, nameless]) {
    // The name is left out only when no post with it passes every rule (a description that
    // repeats it at length, a set whose posts would read alike), never for variety alone.
    if (ctx === nameless && best && best.similarity < MAX_POST_SIMILARITY) break;
    for (const picked of choices) {
      for (const format of formats) {
        for (let n = picked.length; n >= 0; n--) {
          const text = signed(platform, format(ctx, picked.slice(0, n), platform), brand, link, tags);
          if (postProblems(platform, text, listing, brand).length) continue;
          fallback ??= text;
          if (taken.has(text) || !wanted(text)) continue;
          const similarity = closest(text, chosen, ignore);
          if (similarity < AIM_SIMILARITY) return { post: { platform, text }, format };
          if (!best || similarity < best.similarity) best = { text, format, similarity };
          // Fewer points make a post shorter, not different: the next shape is the better try.
          break;
        }
      }
    }
  }
  if (best) return { post: { platform, text: best.text }, format: best.format };
  // Only a listing whose every field repeats the others ends here; a repeat beats a broken post.
  const plain = `${c.market.state === "active" ? c.offering.headline : marketStatusLine(c.market)} in ${c.place}.`;
  return { post: { platform, text: fallback ?? signed(platform, [plain], brand, link, c.tags.slice(0, INSTAGRAM_HASHTAGS.max).map((t) => `#${t}`).join(" ")) }, format: null };
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
  const k = Math.floor(random() * 10);
  return writeOne(listing, prepared, platform, picker.shuffle(formatsFor(prepared.c.market)), picker, [...taken], k, brand, wanted).post;
}

/** The ten posts, in POST_PLAN's order, each in a shape no other post of the set used where one fits. */
export function composePosts(listing: PostsListing, random: RandomSource = Math.random, brand?: PostsBrand): WrittenPost[] {
  const picker = createPicker(random);
  const prepared = prepare(listing, picker);
  const unused = picker.shuffle(formatsFor(prepared.c.market));
  const used: Format[] = [];
  const chosen: string[] = [];
  // A sale's yield and a business's figures reach every platform: its last post states them if no other did.
  const figures = prepared.c.keyFigures.join(", ");
  const states = (text: string) => text.toLowerCase().includes(figures.toLowerCase());
  return POST_PLAN.map((platform, k) => {
    const last = !POST_PLAN.slice(k + 1).includes(platform);
    const needed = figures !== "" && last && !chosen.some((t, i) => POST_PLAN[i] === platform && states(t));
    const { post, format } = writeOne(listing, prepared, platform, [...unused, ...used], picker, chosen, k, brand, needed ? states : undefined);
    if (format && unused.includes(format)) {
      unused.splice(unused.indexOf(format), 1);
      used.push(format);
    }
    chosen.push(post.text);
    return post;
  });
}

export function createBuiltInWriter(random: RandomSource = Math.random): PostsWriter {
  return {
    kind: "built-in",
    write: async (listing, brand) => ({ writer: BUILT_IN_WRITER, posts: composePosts(listing, random, brand) }),
  };
}

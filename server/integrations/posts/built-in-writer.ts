// The default writer: ten posts for ten places, composed offline and at once from the listing's
// selling points in the writer's own sentences (docs/decisions/170-built-in-posts-writer.md).
import { BUILT_IN_WRITER, POST_PLAN, type PostPlatform } from "../../../shared/posts.js";
import { listingFacts } from "./listing-facts.js";
import { assemble, capitalize, FORMATS, kindOf, listingTags, type Format, type PostContext } from "./platform-posts.js";
import { postProblems } from "./post-checks.js";
import type { PostsListing, PostsWriter, WrittenPost } from "./posts-writer.js";
import { createPicker, type Picker, type RandomSource } from "./random.js";
import { sellingPoints } from "./selling-points.js";

const MIN_POINTS = 2;
const MAX_POINTS = 4;

function context(listing: PostsListing, picker: Picker): { c: PostContext; points: string[] } {
  const facts = listingFacts(listing);
  const c: PostContext = { ...facts, pick: picker.pick, kind: kindOf(facts.deal.values.propertyType), tags: listingTags(facts) };
  return { c, points: sellingPoints(listing.propertyDescription, facts.deal).map((p) => p.phrase) };
}

/** Two to four of the listing's points (fewer when it has fewer), a different choice each time. */
function choosePoints(points: string[], picker: Picker): string[] {
  const n = Math.min(points.length, MIN_POINTS + Math.floor(picker.pick([0, 1, 2])));
  // The strongest points (figures and facts come first) are the likeliest picks.
  return picker.sample(points.slice(0, Math.max(n, MAX_POINTS + 2)), Math.min(n, MAX_POINTS));
}

/**
 * One post that passes every check: the chosen format with fewer points each time a check fails,
 * then without the listing's name, which a description may repeat at length.
 */
function writeOne(listing: PostsListing, platform: PostPlatform, formats: Format[], picker: Picker, taken: Set<string>): WrittenPost {
  const { c, points } = context(listing, picker);
  const chosen = choosePoints(points, picker);
  const nameless: PostContext = { ...c, name: c.kind ? c.kind.replace(/^an? /, "this ") : "this listing" };
  let fallback: string | null = null;
  for (const ctx of [c, nameless]) {
    for (let n = chosen.length; n >= 0; n--) {
      for (const format of formats) {
        const text = capitalize(assemble(platform, format(ctx, chosen.slice(0, n))));
        if (postProblems(platform, text, listing).length) continue;
        fallback ??= text;
        if (!taken.has(text)) return { platform, text };
      }
    }
  }
  // Only a listing whose every field repeats the others ends here; a repeat beats a broken post.
  return { platform, text: fallback ?? assemble(platform, [`${c.offering.headline} in ${c.place}.`, c.tags.map((t) => `#${t}`).join(" ")]) };
}

/** One post for a platform, unlike those in taken where possible. */
export function composePost(listing: PostsListing, platform: PostPlatform, random: RandomSource = Math.random, taken = new Set<string>()): WrittenPost {
  const picker = createPicker(random);
  return writeOne(listing, platform, picker.shuffle(FORMATS[platform]), picker, taken);
}

/** The ten posts, in POST_PLAN's order. */
export function composePosts(listing: PostsListing, random: RandomSource = Math.random): WrittenPost[] {
  const picker = createPicker(random);
  const taken = new Set<string>();
  // A platform's second and third posts start with the formats its first did not use.
  const queues = new Map(POST_PLAN.map((p) => [p, picker.shuffle(FORMATS[p])]));
  return POST_PLAN.map((platform) => {
    const formats = queues.get(platform)!;
    const post = writeOne(listing, platform, formats, picker, taken);
    formats.push(formats.shift()!);
    taken.add(post.text);
    return post;
  });
}

export function createBuiltInWriter(random: RandomSource = Math.random): PostsWriter {
  return {
    kind: "built-in",
    write: async (listing) => ({ writer: BUILT_IN_WRITER, posts: composePosts(listing, random) }),
  };
}

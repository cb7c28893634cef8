// Every rule a post of a set must pass before a broker sends it (docs/guides/posts.md "What a
// broker would publish"), post by post: the checks both writers use (post-checks.ts: limits,
// numbers, claims, pasting, sizes, confidentiality, the brand's line, one link before the
// hashtags), and what only a whole set or a reader shows: no age or class as filler, a sale's
// yield on every platform, articles and units as a person writes them, the pitch the facts call
// for, and no two posts alike (similarity.ts). `npm run posts:report` and the panel test count them.
import { extractClaims } from "./claims.js";
import { offeringOf } from "./listing-facts.js";
import { pitchOf } from "./pitch.js";
import { fillerHighlights, platformsWithoutCapRate, postProblems } from "./post-checks.js";
import { brandLine, type PostsBrand, type PostsListing, type WrittenPost } from "./posts-writer.js";
import { MAX_POST_SIMILARITY, postSimilarity } from "./similarity.js";
import { indefiniteArticle } from "./text.js";

const URLS = /https?:\/\/\S+/gu;
const ARTICLE_AND_NEXT = /\b(a|an) ([±~]?[\p{L}\p{N}][\p{L}\p{N},.-]*)/giu;

/** "a 8.4 AC lot", "an 1,200 SF suite": an article that does not match the sound of the word after it. */
export function wrongArticles(text: string): string[] {
  const wrong: string[] = [];
  for (const m of text.replace(URLS, " ").matchAll(ARTICLE_AND_NEXT)) {
    const next = m[2];
    // Only figures and the words the writer's templates put after an article are judged: a
    // person's name or a brand after "a" is left to the person.
    if (!/^[±~]?\d/.test(next) && !/^(?:office|industrial|opportunity|income|owner|operator|investor|investment|update|acre|hour|NNN)/i.test(next)) continue;
    if (m[1].toLowerCase() !== indefiniteArticle(next)) wrong.push(`${m[1]} ${next}`);
  }
  return wrong;
}

/** "8.4 AC": a unit abbreviated where a person spells it out in a sentence. */
export const abbreviatedUnits = (text: string) => text.replace(URLS, " ").match(/(?<![\d.,])\d[\d,.]*\s?AC\b/g) ?? [];

/**
 * The pitch the facts call for: a sale with income in place never addresses owner-users, one
 * without never pitches investors or income, a lease or a business for transfer alone never
 * investors or owner-users.
 */
export function offPitch(text: string, listing: PostsListing): string[] {
  const { kinds } = pitchOf(listing.propertyDescription, offeringOf(listing.offeringType), listing.capRate, listing.propertyType);
  const found: string[] = [];
  if (!kinds.includes("owner-user") && /\bowner-users?\b/i.test(text)) found.push("owner-users");
  const incomeWords = /\binvestors?\b|\bincome\b/i.test(text);
  // "income" a description claims (an NOI, occupancy) is the listing's own; otherwise it is a pitch.
  if (!kinds.includes("investment") && incomeWords && !kinds.includes("business") && extractClaims(listing.propertyDescription).occupancy === null) found.push("investors or income");
  return found;
}

/** Each post's problems, every rule at once; empty arrays for the posts a broker can send as they are. */
export function publishableProblems(posts: WrittenPost[], listing: PostsListing, brand?: PostsBrand): string[][] {
  const withoutYield = new Set(platformsWithoutCapRate(posts, listing));
  const ignore = brandLine(brand);
  return posts.map((post, i) => {
    const problems = [...postProblems(post.platform, post.text, listing, brand)];
    problems.push(...fillerHighlights(post.text, listing).map((f) => `${f} offered as a highlight`));
    if (withoutYield.has(post.platform)) problems.push("no post of its platform states the cap rate");
    problems.push(...wrongArticles(post.text).map((a) => `"${a}"`));
    problems.push(...abbreviatedUnits(post.text).map((u) => `"${u}" where a person writes acres`));
    problems.push(...offPitch(post.text, listing).map((w) => `pitches ${w}, which the facts do not call for`));
    const alike = posts.findIndex((other, j) => j !== i && postSimilarity(post.text, other.text, ignore) >= MAX_POST_SIMILARITY);
    if (alike >= 0) problems.push(`reads like post ${alike + 1} (similarity ${postSimilarity(post.text, posts[alike].text, ignore).toFixed(2)})`);
    return problems;
  });
}

// `npm run posts:report`: the built-in writer's ten posts for twenty fixed listings, and how they
// measure up (docs/decisions/170-built-in-posts-writer.md). Exits 1 when a post breaks a limit or states a number the listing lacks.
import { INSTAGRAM_HASHTAGS, PLATFORM_LIMITS, postLength } from "../shared/posts.js";
import { composePosts } from "../server/integrations/posts/built-in-writer.js";
import { listingFacts } from "../server/integrations/posts/listing-facts.js";
import { foreignNumbers, hashtagsOf, longestSharedRun, MAX_SHARED_RUN } from "../server/integrations/posts/post-checks.js";
import type { PostsListing } from "../server/integrations/posts/posts-writer.js";
import { seededRandom } from "../server/integrations/posts/seeded-random.js";
import { sellingPoints } from "../server/integrations/posts/selling-points.js";
import { REPORT_LISTINGS } from "./lib/posts-report-listings.js";

/** The facts a post may name: price or rate, size, and the selling points found in the listing. */
function factPhrases(listing: PostsListing): string[] {
  const facts = listingFacts(listing);
  const phrases = [facts.deal.price, facts.deal.size, ...sellingPoints(listing.propertyDescription, facts.deal).map((p) => p.phrase.replace(/^an? /, ""))];
  return phrases.filter((p): p is string => Boolean(p)).map((p) => p.toLowerCase());
}

interface Row {
  name: string;
  longestRun: number;
  withFact: number;
  violations: string[];
  foreign: string[];
  openings: Set<string>;
}

const rows: Row[] = REPORT_LISTINGS.map((listing, i) => {
  const posts = composePosts(listing, seededRandom(i + 1));
  const phrases = factPhrases(listing);
  const violations: string[] = [];
  const foreign: string[] = [];
  for (const { platform, text } of posts) {
    const length = postLength(platform, text);
    if (length > PLATFORM_LIMITS[platform]) violations.push(`${platform}: ${length} > ${PLATFORM_LIMITS[platform]}`);
    const tags = hashtagsOf(text).length;
    if (platform === "instagram" && (tags < INSTAGRAM_HASHTAGS.min || tags > INSTAGRAM_HASHTAGS.max)) violations.push(`instagram: ${tags} hashtags`);
    foreign.push(...foreignNumbers(text, listing).map((n) => `${platform}: ${n}`));
  }
  return {
    name: listing.listingName,
    longestRun: Math.max(...posts.map((p) => longestSharedRun(p.text, listing.propertyDescription))),
    withFact: posts.filter((p) => phrases.some((f) => p.text.toLowerCase().includes(f))).length,
    violations,
    foreign,
    openings: new Set(posts.map((p) => p.text.split(/\s+/)[0].toLowerCase().replace(/[,:;.!?]+$/, ""))),
  };
});

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(`${pad("listing", 36)}${pad("longest run", 13)}${pad("with a fact", 13)}${pad("limits", 8)}${pad("numbers", 9)}openings`);
for (const r of rows) {
  console.log(`${pad(r.name, 36)}${pad(r.longestRun, 13)}${pad(`${r.withFact}/10`, 13)}${pad(r.violations.length, 8)}${pad(r.foreign.length, 9)}${r.openings.size}`);
}
const posts = rows.length * 10;
const violations = rows.flatMap((r) => r.violations);
const foreign = rows.flatMap((r) => r.foreign);
const allOpenings = new Set(rows.flatMap((r) => [...r.openings]));
console.log("");
console.log(`Longest run shared with the description: ${Math.max(...rows.map((r) => r.longestRun))} words (at most ${MAX_SHARED_RUN} allowed)`);
console.log(`Posts naming at least one fact: ${rows.reduce((s, r) => s + r.withFact, 0)} of ${posts} (${Math.round((100 * rows.reduce((s, r) => s + r.withFact, 0)) / posts)}%)`);
console.log(`Limit violations: ${violations.length}${violations.length ? ` (${violations.join("; ")})` : ""}`);
console.log(`Numbers not found in the listing: ${foreign.length}${foreign.length ? ` (${foreign.join("; ")})` : ""}`);
console.log(`Distinct opening words: ${allOpenings.size} across all posts; ${(rows.reduce((s, r) => s + r.openings.size, 0) / rows.length).toFixed(1)} per listing of ten (${[...allOpenings].sort().join(", ")})`);
if (violations.length || foreign.length) process.exitCode = 1;

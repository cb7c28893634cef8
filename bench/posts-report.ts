// `npm run posts:report`: the built-in writer's ten posts for twenty fixed listings, without and
// with a brand, and how they measure up. Exits 1 when a post breaks a limit, states a number the listing lacks or breaks a
// broker's rule.
import { INSTAGRAM_HASHTAGS, PLATFORM_LIMITS, postLength } from "../shared/posts.js";
import { composePosts } from "../server/integrations/posts/built-in-writer.js";
import { listingFacts } from "../server/integrations/posts/listing-facts.js";
import {
  businessSaleProblems,
  fillerHighlights,
  foreignNumbers,
  hashtagsOf,
  lacksBrand,
  longestSharedRun,
  MAX_SHARED_RUN,
  misleadingSizes,
  platformsWithoutCapRate,
} from "../server/integrations/posts/post-checks.js";
import type { PostsBrand, PostsListing, WrittenPost } from "../server/integrations/posts/posts-writer.js";
import { seededRandom } from "../server/integrations/posts/seeded-random.js";
import { sellingPoints } from "../server/integrations/posts/selling-points.js";
import { REPORT_LISTINGS } from "./lib/posts-report-listings.js";

/** The facts a post may name: price or rate, size, and the selling points found in the listing. */
function factPhrases(listing: PostsListing): string[] {
  const facts = listingFacts(listing);
  const phrases = [facts.deal.price, facts.deal.size, ...sellingPoints(listing.propertyDescription, facts.deal, facts.offering).map((p) => p.phrase.replace(/^an? /, ""))];
  return phrases.filter((p): p is string => Boolean(p)).map((p) => p.toLowerCase());
}

/** Every listing's second set is written with this brand: a phone whose digits no listing holds. */
const REPORT_BRAND: PostsBrand = { brokerageName: "Summit Commercial Group", phone: "(304) 555-0142" };

/** The broker's rules, each answering its violations in a set of posts. */
const RULES = {
  sizes: (posts: WrittenPost[], l: PostsListing) => posts.flatMap((p) => misleadingSizes(p.text, l).map((n) => `${p.platform}: ${n} SF`)),
  filler: (posts: WrittenPost[], l: PostsListing) => posts.flatMap((p) => fillerHighlights(p.text, l).map((f) => `${p.platform}: ${f}`)),
  capRate: (posts: WrittenPost[], l: PostsListing) => platformsWithoutCapRate(posts, l).map((p) => `${p}: no cap rate`),
  confidential: (posts: WrittenPost[], l: PostsListing) => posts.flatMap((p) => businessSaleProblems(p.text, l).map((b) => `${p.platform}: ${b}`)),
};
type RuleName = keyof typeof RULES | "brand";
const RULE_LABELS: Record<RuleName, [column: string, label: string]> = {
  sizes: ["sizes", "Building sizes beside a lease rate as if they were the space"],
  filler: ["filler", "Age, class or subtype offered as a highlight"],
  capRate: ["cap", "Platforms without the cap rate of a sale that has one"],
  confidential: ["conf", "Business sales naming the business or offering tours"],
  brand: ["brand", "Longer posts without the brand's line when a brand is given"],
};
const ruleNames = Object.keys(RULE_LABELS) as RuleName[];

interface Row {
  name: string;
  longestRun: number;
  withFact: number;
  violations: string[];
  foreign: string[];
  rules: Record<RuleName, string[]>;
  openings: Set<string>;
}

const rows: Row[] = REPORT_LISTINGS.map((listing, i) => {
  const posts = composePosts(listing, seededRandom(i + 1));
  const branded = composePosts(listing, seededRandom(i + 1), REPORT_BRAND);
  const phrases = factPhrases(listing);
  const violations: string[] = [];
  const foreign: string[] = [];
  for (const [set, brand] of [[posts, undefined], [branded, REPORT_BRAND]] as const) {
    for (const { platform, text } of set) {
      const length = postLength(platform, text);
      if (length > PLATFORM_LIMITS[platform]) violations.push(`${platform}: ${length} > ${PLATFORM_LIMITS[platform]}`);
      const tags = hashtagsOf(text).length;
      if (platform === "instagram" && (tags < INSTAGRAM_HASHTAGS.min || tags > INSTAGRAM_HASHTAGS.max)) violations.push(`instagram: ${tags} hashtags`);
      foreign.push(...foreignNumbers(text, listing, brand).map((n) => `${platform}: ${n}`));
    }
  }
  const rules = Object.fromEntries(Object.entries(RULES).map(([name, rule]) => [name, [...rule(posts, listing), ...rule(branded, listing)]]));
  return {
    name: listing.listingName,
    longestRun: Math.max(...[...posts, ...branded].map((p) => longestSharedRun(p.text, listing.propertyDescription))),
    withFact: posts.filter((p) => phrases.some((f) => p.text.toLowerCase().includes(f))).length,
    violations,
    foreign,
    rules: { ...rules, brand: branded.filter((p) => lacksBrand(p.platform, p.text, REPORT_BRAND)).map((p) => `${p.platform}: no brand line`) } as Row["rules"],
    openings: new Set(posts.map((p) => p.text.split(/\s+/)[0].toLowerCase().replace(/[,:;.!?]+$/, ""))),
  };
});

const pad = (s: string | number, n: number) => String(s).padEnd(n);
const ruleColumns = (cell: (name: RuleName) => string | number) => ruleNames.map((name) => pad(cell(name), 7)).join("");
console.log(`${pad("listing", 36)}${pad("longest run", 13)}${pad("with a fact", 13)}${pad("limits", 8)}${pad("numbers", 9)}${ruleColumns((n) => RULE_LABELS[n][0])}openings`);
for (const r of rows) {
  console.log(
    `${pad(r.name, 36)}${pad(r.longestRun, 13)}${pad(`${r.withFact}/10`, 13)}${pad(r.violations.length, 8)}${pad(r.foreign.length, 9)}${ruleColumns((n) => r.rules[n].length)}${r.openings.size}`,
  );
}
const posts = rows.length * 10;
const violations = rows.flatMap((r) => r.violations);
const foreign = rows.flatMap((r) => r.foreign);
const broken = ruleNames.map((name) => ({ name, found: rows.flatMap((r) => r.rules[name].map((v) => `${r.name}, ${v}`)) }));
const allOpenings = new Set(rows.flatMap((r) => [...r.openings]));
console.log("");
console.log(`Longest run shared with the description: ${Math.max(...rows.map((r) => r.longestRun))} words (at most ${MAX_SHARED_RUN} allowed)`);
console.log(`Posts naming at least one fact: ${rows.reduce((s, r) => s + r.withFact, 0)} of ${posts} (${Math.round((100 * rows.reduce((s, r) => s + r.withFact, 0)) / posts)}%)`);
console.log(`Limit violations: ${violations.length}${violations.length ? ` (${violations.join("; ")})` : ""}`);
console.log(`Numbers not found in the listing: ${foreign.length}${foreign.length ? ` (${foreign.join("; ")})` : ""}`);
for (const { name, found } of broken) console.log(`${RULE_LABELS[name][1]}: ${found.length}${found.length ? ` (${found.join("; ")})` : ""}`);
console.log(`Distinct opening words: ${allOpenings.size} across all posts; ${(rows.reduce((s, r) => s + r.openings.size, 0) / rows.length).toFixed(1)} per listing of ten (${[...allOpenings].sort().join(", ")})`);
if (violations.length || foreign.length || broken.some((b) => b.found.length)) process.exitCode = 1;

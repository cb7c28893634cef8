// `npm run posts:report`: the built-in writer's ten posts for every listing of the posts panel
// (server/integrations/posts/report-panel.ts), without and with a brand, and how many of the ten
// pass every rule a broker's post must pass (publishable.ts). Prints per listing the posts that
// pass, the most alike pair, the longest run shared with the description and the distinct
// openings, then every problem found. Exits 1 when any listing has a post that fails a rule.
import { longestSharedRun, MAX_SHARED_RUN } from "../server/integrations/posts/post-checks.js";
import { composePosts } from "../server/integrations/posts/built-in-writer.js";
import { publishableProblems } from "../server/integrations/posts/publishable.js";
import type { PostsBrand } from "../server/integrations/posts/posts-writer.js";
import { REPORT_LISTINGS } from "../server/integrations/posts/report-panel.js";
import { seededRandom } from "../server/integrations/posts/seeded-random.js";
import { MAX_POST_SIMILARITY, mostAlike } from "../server/integrations/posts/similarity.js";

/** Every listing's second set is written with this brand: a phone whose digits no listing holds. */
const REPORT_BRAND: PostsBrand = { brokerageName: "Summit Commercial Group", phone: "(304) 555-0142" };

const pad = (s: string | number, n: number) => String(s).padEnd(n);
const problems: string[] = [];
let below = 0;
console.log(`${pad("listing", 38)}${pad("passing", 9)}${pad("branded", 9)}${pad("most alike", 12)}${pad("longest run", 13)}openings`);
for (const [i, listing] of REPORT_LISTINGS.entries()) {
  const sets = [composePosts(listing, seededRandom(i + 1)), composePosts(listing, seededRandom(i + 1), REPORT_BRAND, )];
  const [plain, branded] = sets.map((posts, s) => {
    const found = publishableProblems(posts, listing, s ? REPORT_BRAND : undefined);
    found.forEach((p, k) => p.length && problems.push(`${listing.listingName}${s ? " (branded)" : ""}, post ${k + 1} (${posts[k].platform}): ${p.join("; ")}`));
    return found.filter((p) => p.length === 0).length;
  });
  if (plain < 10 || branded < 10) below++;
  const alike = Math.max(...sets.map((posts, s) => mostAlike(posts.map((p) => p.text), s ? "Summit Commercial Group · (304) 555-0142" : null).similarity));
  const run = Math.max(...sets.flat().map((p) => longestSharedRun(p.text, listing.propertyDescription)));
  const openings = new Set(sets[0].map((p) => p.text.split(/\s+/).slice(0, 2).join(" ").toLowerCase()));
  console.log(`${pad(listing.listingName, 38)}${pad(`${plain}/10`, 9)}${pad(`${branded}/10`, 9)}${pad(alike.toFixed(2), 12)}${pad(run, 13)}${openings.size}`);
}
console.log("");
console.log(`Listings: ${REPORT_LISTINGS.length}; below 10 of 10 publishable: ${below}`);
console.log(`Similarity limit: under ${MAX_POST_SIMILARITY} (word trigrams, Jaccard); shared run limit: ${MAX_SHARED_RUN} words`);
console.log(`Problems: ${problems.length}`);
for (const p of problems) console.log(`  ${p}`);
if (below > 0) process.exitCode = 1;

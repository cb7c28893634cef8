// How alike two posts of a set read (docs/decisions/362-posts-similarity-measure.md): the Jaccard
// index of their word trigrams, links, hashtags and the brokerage's line left out, since every
// post carries those by rule. Two posts written from one template share its connecting words and
// the facts in the same order, so their trigrams overlap; posts that open, order and stress
// differently share little beyond a figure's own words.
import { wordsOf } from "./post-checks.js";

/** The highest similarity any two posts of a set may have. */
export const MAX_POST_SIMILARITY = 0.4;

const URLS = /https?:\/\/\S+/giu;
const HASHTAGS = /(?<![\p{L}\p{N}_&])#[\p{L}\p{N}_]+/gu;

function trigrams(text: string, ignore: string | null): Set<string> {
  let plain = text.replace(URLS, " ").replace(HASHTAGS, " ");
  if (ignore) plain = plain.split(ignore).join(" ");
  const words = wordsOf(plain);
  const grams = new Set<string>();
  for (let i = 0; i + 2 < words.length; i++) grams.add(`${words[i]} ${words[i + 1]} ${words[i + 2]}`);
  return grams;
}

/** 0 when two posts share no run of three words, 1 when they share all of them. */
export function postSimilarity(a: string, b: string, ignore: string | null = null): number {
  const ta = trigrams(a, ignore);
  const tb = trigrams(b, ignore);
  if (ta.size === 0 || tb.size === 0) return 0;
  let shared = 0;
  for (const g of ta) if (tb.has(g)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/** The most alike pair of a set of posts, with its similarity. */
export function mostAlike(texts: string[], ignore: string | null = null): { similarity: number; pair: [number, number] } {
  let best = { similarity: 0, pair: [0, 0] as [number, number] };
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      const similarity = postSimilarity(texts[i], texts[j], ignore);
      if (similarity > best.similarity) best = { similarity, pair: [i, j] };
    }
  }
  return best;
}

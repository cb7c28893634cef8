// The default writer: ten posts composed from the listing's own facts, offline and at once.
import { listingFacts } from "./listing-facts.js";
import { createPostKit } from "./post-kit.js";
import { POSTS_PER_LISTING, type PostsListing, type PostsWriter } from "./posts-writer.js";
import { createPicker, type RandomSource } from "./random.js";
import { CHANNEL_PLAN, TEMPLATES, type Channel, type Template } from "./templates.js";

export interface Draft {
  channel: Channel;
  text: string;
}

/** One set of posts, each for its channel, each in a different format. */
export function composePosts(listing: PostsListing, random: RandomSource = Math.random): Draft[] {
  const picker = createPicker(random);
  const kit = createPostKit(listingFacts(listing), picker);
  const unused = new Map<Channel, Template[]>(
    Object.entries(TEMPLATES).map(([channel, templates]) => [channel as Channel, picker.shuffle(templates)]),
  );
  const seen = new Set<string>();
  const drafts: Draft[] = [];
  for (const channel of CHANNEL_PLAN.slice(0, POSTS_PER_LISTING)) {
    const templates = unused.get(channel)!;
    // Formats differ in their fixed words, so a repeat can only come from a pathological listing;
    // then the next format for the channel is tried.
    while (templates.length) {
      const text = templates.shift()!(kit);
      if (!seen.has(text)) {
        seen.add(text);
        drafts.push({ channel, text });
        break;
      }
    }
  }
  return drafts;
}

export function createBuiltInWriter(random: RandomSource = Math.random): PostsWriter {
  return {
    kind: "built-in",
    write: async (listing) => composePosts(listing, random).map((d) => d.text),
  };
}

// The ten places a listing's posts are written for: their limits, how each counts a
// post's length, and what a set of posts was written from. Client-safe: the posts section shows
// "243 / 280" with the same count the server checks.
import { z } from "zod";
import "./zod-setup.js";
import { LISTING_FACT_FIELDS, type ListingFactField } from "./listing-facts.js";

export const POST_PLATFORMS = ["linkedin", "facebook", "instagram", "x", "google"] as const;
export type PostPlatform = (typeof POST_PLATFORMS)[number];

/** Posts stored before platforms existed (an email, a text message) keep their text under this. */
export const LEGACY_PLATFORM = "other";
export type StoredPlatform = PostPlatform | typeof LEGACY_PLATFORM;

export const PLATFORM_LABELS: Record<StoredPlatform, string> = {
  linkedin: "LinkedIn",
  facebook: "Facebook",
  instagram: "Instagram",
  x: "X",
  google: "Google Business Profile",
  other: "Other",
};

/** Characters each platform allows (Instagram's is the caption's). */
export const PLATFORM_LIMITS: Record<PostPlatform, number> = {
  linkedin: 1300,
  facebook: 800,
  instagram: 2200,
  x: 280,
  google: 1500,
};

/** Instagram captions carry 5 to 10 hashtags. */
export const INSTAGRAM_HASHTAGS = { min: 5, max: 10 } as const;

/** The ten posts, in order: the busy places twice, X three times, one Google Business Profile update. */
export const POST_PLAN: readonly PostPlatform[] = [
  "linkedin",
  "facebook",
  "instagram",
  "x",
  "google",
  "linkedin",
  "facebook",
  "instagram",
  "x",
  "x",
];

/** One post as stored and sent: its text, and when a person edited or published it. */
export interface ListingPost {
  platform: StoredPlatform;
  text: string;
  /** ISO time of the last edit by a person. */
  editedAt?: string;
  /** ISO date (YYYY-MM-DD) the post was published. */
  postedAt?: string;
  /** Set when a model's post failed a check and the built-in writer's took its place. */
  replacedBecause?: string;
}

/** The writer name stored for posts from the built-in writer; a model's posts store the model's name. */
export const BUILT_IN_WRITER = "built-in";

/** True when a model wrote the posts (its name is stored), not the built-in writer or nobody. */
const byModel = (writer: string | null | undefined) => Boolean(writer) && writer !== BUILT_IN_WRITER;

/**
 * The toast once a new listing's posts exist: the spec's words (§9) when a model wrote them, the
 * built-in writer named when it did.
 */
export const postsReadyMessage = (writer: string | null | undefined) =>
  byModel(writer) ? "AI-generated posts are ready! View them in the listing details." : "Posts are ready, written by the built-in writer. View them in the listing details.";

/** The posts section's heading: "AI-Generated Posts" only when a model wrote them. */
export const postsHeading = (writer: string | null | undefined) => (byModel(writer) ? "AI-Generated Posts" : "Social Posts");

const URL_PATTERN = /https?:\/\/[^\s]+/giu;
const X_LINK_LENGTH = 23;

// X weighs most Latin, Greek and Cyrillic letters and common punctuation as 1, and the rest
// (CJK, emoji) as 2 (twitter-text's default configuration).
const X_LIGHT_RANGES: [number, number][] = [
  [0x0000, 0x10ff],
  [0x2000, 0x200d],
  [0x2010, 0x201f],
  [0x2032, 0x2037],
];
const xWeight = (codePoint: number) => (X_LIGHT_RANGES.some(([lo, hi]) => codePoint >= lo && codePoint <= hi) ? 1 : 2);

/** A post's length as X counts it: a link counts 23, wide characters and emoji count 2. */
export function xLength(text: string): number {
  let length = 0;
  const rest = text.normalize("NFC").replace(URL_PATTERN, () => {
    length += X_LINK_LENGTH;
    return "";
  });
  for (const ch of rest) length += xWeight(ch.codePointAt(0)!);
  return length;
}

/** A post's length as its platform counts it (characters, or X's weighted count). */
export function postLength(platform: StoredPlatform, text: string): number {
  return platform === "x" ? xLength(text) : [...text].length;
}

export const platformLimit = (platform: StoredPlatform): number | null =>
  platform === LEGACY_PLATFORM ? null : PLATFORM_LIMITS[platform];

/** What the posts are written from: change any of these and the posts no longer describe the listing. */
export type PostsSourceFields = "listingName" | "city" | "state" | "offeringType" | "propertyDescription" | ListingFactField;
const SOURCE_FIELDS: readonly PostsSourceFields[] = [
  "listingName",
  "city",
  "state",
  "offeringType",
  "propertyDescription",
  ...LISTING_FACT_FIELDS,
];

/**
 * A short fingerprint of the listing's content the posts are written from (cyrb53 over the
 * fields in a fixed order). Unrelated writes (starring, the agent) leave it alone, unlike the
 * row's version.
 */
export function postsSourceKey(listing: Partial<Record<PostsSourceFields, unknown>> & { spacesSummary?: { sizeText: string; rateText: string | null } | null }): string {
  // The spaces' range as the posts quote it, only when there is one: the keys of listings without spaces stay as they were.
  const range = listing.spacesSummary ? [[listing.spacesSummary.sizeText, listing.spacesSummary.rateText]] : [];
  const text = JSON.stringify([...SOURCE_FIELDS.map((f) => listing[f] ?? null), ...range]);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** True when the listing's content changed after its posts were written (or nobody recorded from what). */
export function postsAreStale(listing: Partial<Record<PostsSourceFields, unknown>> & { postsSource: string | null; posts: unknown[] }): boolean {
  if (listing.posts.length === 0) return false;
  return listing.postsSource !== postsSourceKey(listing);
}

// ---------------------------------------------------------------- the per-post requests

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (s: string) => CALENDAR_DATE.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/** PATCH /api/listings/:id/posts/:index: a new text, the date it was posted (null clears it), or both. */
export const editPostSchema = z
  .object({
    text: z.string({ error: "Post text must be text" }).trim().min(1, "Post text is required").optional(),
    postedAt: z
      .string({ error: "Posted date must be a date like 2026-03-15" })
      .refine(isCalendarDate, "Posted date must be a date like 2026-03-15")
      .nullable()
      .optional(),
  })
  .strict()
  .refine((v) => v.text !== undefined || v.postedAt !== undefined, "Send a new text or a posted date");
export type EditPostRequest = z.infer<typeof editPostSchema>;

/** POST /api/listings/:id/regenerate-posts: no body (spec), or keepEdited to keep what people edited. */
export const regeneratePostsSchema = z.object({ keepEdited: z.boolean({ error: "keepEdited must be true or false" }).optional() });

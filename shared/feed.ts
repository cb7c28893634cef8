// Feed keys and the feed's health as Settings sees them (docs/guides/inventory-and-feed.md).
import { z } from "zod";
import type { OutgoingReason } from "./outgoing-listings.js";
import { isStorableText, unstorableMessage } from "./storable-text.js";

export const FEED_KEY_NAME_MAX = 80;

export const feedKeyCreateSchema = z.strictObject({
  name: z
    .string({ error: "Name the key: who reads the feed with it, like LandSearch" })
    .trim()
    .min(1, "Name the key: who reads the feed with it, like LandSearch")
    .max(FEED_KEY_NAME_MAX, `A key's name must be at most ${FEED_KEY_NAME_MAX} characters`)
    .refine(isStorableText, unstorableMessage("The key's name")),
});
export type FeedKeyCreate = z.infer<typeof feedKeyCreateSchema>;

export interface FeedKey {
  id: number;
  name: string;
  createdAt: string;
  /** The last feed request made with it (written at most once a minute); null before the first. */
  lastUsedAt: string | null;
}

/** The answer to creating a key: the key itself, shown this once and never again. */
export interface CreatedFeedKey {
  id: number;
  name: string;
  key: string;
}

/** Settings' view of the feed: how many listings it carries, and the published ones it does not, with why. */
export interface FeedHealth {
  inFeed: number;
  notInFeed: { listingId: string; listingName: string; reasons: OutgoingReason[] }[];
}

/** Where the feed and its schema live. */
export const FEED_PATH = "/feeds/listings.json";
export const FEED_SCHEMA_PATH = "/feeds/listings.schema.json";
